import Foundation

/// Roster's device approval page (`/device`) as a person uses it on their phone, in a browser
/// session: each step fills the page's fields and presses its button, as a thumb would.
///
///     let page = DeviceApprovalPage(browser)
///     try await page.open(started.verificationUri)
///     try await page.enterCode(started.userCode)
///     try await page.signIn(email: "emma@example.com", password: "pa55word")
///     try await page.approve()
public struct DeviceApprovalPage: Sendable {
    public let browser: WebDriverSession
    /// Where each step's screenshot goes, when the caller wants them.
    public var album: ScreenshotAlbum?

    public init(_ browser: WebDriverSession, album: ScreenshotAlbum? = nil) {
        self.browser = browser
        self.album = album
    }

    public func open(_ url: String) async throws {
        try await browser.navigate(to: url)
    }

    /// What the page says, as read on screen.
    public func text() async throws -> String {
        try await browser.element("main").text()
    }

    /// The code box's content (pre-filled from `?code=`).
    public func codeField() async throws -> String {
        try await browser.element("#code").property("value") ?? ""
    }

    /// Types `code` into the (emptied) code box, then presses Continue.
    public func enterCode(_ code: String, screenshot: String? = nil) async throws {
        let field = try await browser.element("#code")
        try await field.clear()
        try await field.type(code)
        try await shoot(screenshot)
        try await browser.element("#code ~ button[type=submit]").submit()
    }

    /// Presses Continue with the code box as it is.
    public func continueWithCode() async throws {
        try await browser.element("#code ~ button[type=submit]").submit()
    }

    public func signIn(email: String, password: String, screenshot: String? = nil) async throws {
        try await browser.element("#email").type(email)
        try await browser.element("#password").type(password)
        try await shoot(screenshot)
        try await browser.element("button[value=signin]").submit()
    }

    /// Presses "Sign in with …" for `provider` (its wire name, `oauth2-google`): the browser
    /// leaves for the provider's own sign-in page.
    public func signIn(through provider: String) async throws {
        try await browser.element("button[value=provider-\(provider)]").submit()
    }

    public func approve(screenshot: String? = nil) async throws {
        try await shoot(screenshot)
        try await browser.element("button[value=approve]").submit()
    }

    /// Denies from whichever step the page is at (before or after signing in).
    public func deny() async throws {
        try await browser.element("button[value=deny]").submit()
    }

    /// Saves the window as `name` in the album, if there is one.
    public func shoot(_ name: String?) async throws {
        guard let name, let album else { return }
        try album.save(try await browser.screenshot(), as: name)
    }
}

/// A folder the page's screenshots are written to, one PNG per step.
public struct ScreenshotAlbum: Sendable {
    public let directory: URL

    public init(_ directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    public func save(_ png: Data, as name: String) throws {
        try png.write(to: url(name))
    }

    public func url(_ name: String) -> URL {
        directory.appendingPathComponent("\(name).png")
    }

    /// A PNG's width and height from its header, or nil when `data` is not a PNG.
    public static func size(ofPNG data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }
}
