import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A W3C WebDriver session: JSON over HTTP to a driver on loopback. Just the commands the tests
/// use: navigate, find by CSS, type, click, read, screenshot.
///
///     let session = try await WebDriverSession.open(driver: driver.url, options: .phone)
///     try await session.navigate(to: "http://127.0.0.1:9090/device")
///     try await session.element("#code").type("WDJBMJHT")
public final class WebDriverSession: Sendable {
    /// How Chromium starts: headless, a window of `width` x `height` CSS pixels.
    public struct Options: Sendable {
        public var width: Int
        public var height: Int
        public var userAgent: String?

        /// An iPhone-sized window (390 x 844) announcing a phone's Safari.
        public static let phone = Options(
            width: 390, height: 844,
            userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
        )

        var arguments: [String] {
            ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--window-size=\(width),\(height)", "--hide-scrollbars", "--force-device-scale-factor=1"]
        }

        /// Headless Chromium keeps its window at least 500 pixels wide; the driver's mobile
        /// emulation sets the page's viewport itself, so the page and the screenshot are
        /// `width` x `height` exactly.
        var mobileEmulation: [String: Any] {
            var emulation: [String: Any] = ["deviceMetrics": ["width": width, "height": height, "pixelRatio": 1, "touch": true]]
            if let userAgent { emulation["userAgent"] = userAgent }
            return emulation
        }
    }

    /// The key W3C WebDriver gives element references under.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    let driver: String
    let id: String
    let http: HTTPClient

    private init(driver: String, id: String, http: HTTPClient) {
        self.driver = driver
        self.id = id
        self.http = http
    }

    /// A new session with Chromium at `chromium`; finding an element waits up to `implicitWait`.
    public static func open(
        driver: String, chromium: String = "/usr/bin/chromium", options: Options = .phone, implicitWait: Duration = .seconds(5)
    ) async throws -> WebDriverSession {
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "pageLoadStrategy": "normal",
                    "timeouts": ["implicit": implicitWait.components.seconds * 1000, "pageLoad": 30_000],
                    "goog:chromeOptions": [
                        "binary": chromium, "args": options.arguments, "mobileEmulation": options.mobileEmulation,
                    ] as [String: Any],
                ] as [String: Any]
            ]
        ]
        do {
            let value = try await command(http, "new session", .POST, "\(driver)/session", capabilities)
            guard let id = (value as? [String: Any])?["sessionId"] as? String else {
                throw WebDriverError(command: "new session", error: "unexpected answer", message: "\(value)")
            }
            return WebDriverSession(driver: driver, id: id, http: http)
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    public func navigate(to url: String) async throws {
        _ = try await send("navigate", .POST, "url", ["url": url])
    }

    public func currentURL() async throws -> String {
        try await send("current url", .GET, "url") as? String ?? ""
    }

    /// The first element matching `css`, waiting for it up to the implicit wait.
    public func element(_ css: String) async throws -> WebDriverElement {
        let value = try await send("find \(css)", .POST, "element", ["using": "css selector", "value": css])
        guard let reference = (value as? [String: Any])?[Self.elementKey] as? String else {
            throw WebDriverError(command: "find \(css)", error: "unexpected answer", message: "\(value)")
        }
        return WebDriverElement(session: self, id: reference, selector: css)
    }

    /// The text of the whole page as a person reads it.
    public func pageText() async throws -> String {
        try await element("body").text()
    }

    /// The visible window as PNG.
    public func screenshot() async throws -> Data {
        guard let encoded = try await send("screenshot", .GET, "screenshot") as? String, let png = Data(base64Encoded: encoded) else {
            throw WebDriverError(command: "screenshot", error: "unexpected answer", message: "not base64")
        }
        return png
    }

    /// Ends the session (the driver closes Chromium) and the HTTP client.
    public func close() async {
        _ = try? await Self.command(http, "delete session", .DELETE, "\(driver)/session/\(id)", nil)
        try? await http.shutdown()
    }

    func send(_ name: String, _ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil) async throws -> Any {
        try await Self.command(http, name, method, "\(driver)/session/\(id)/\(path)", body ?? (method == .POST ? [:] : nil))
    }

    /// One command: the answer's `value`, or its error thrown as `WebDriverError`.
    static func command(_ http: HTTPClient, _ name: String, _ method: HTTPMethod, _ url: String, _ body: [String: Any]?) async throws -> Any {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let body {
            request.headers.add(name: "content-type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        }
        let response = try await http.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        let json = try JSONSerialization.jsonObject(with: Data(bytes.readableBytesView), options: [.fragmentsAllowed])
        let value = (json as? [String: Any])?["value"] ?? NSNull()
        if let failure = value as? [String: Any], let error = failure["error"] as? String {
            throw WebDriverError(command: name, error: error, message: (failure["message"] as? String ?? "").prefix(400).description)
        }
        guard response.status.code == 200 else {
            throw WebDriverError(command: name, error: "HTTP \(response.status.code)", message: "\(value)")
        }
        return value
    }
}

/// An element of the page a session is on.
public struct WebDriverElement: Sendable {
    let session: WebDriverSession
    let id: String
    public let selector: String

    /// Types `text` into the element, as keys pressed.
    public func type(_ text: String) async throws {
        _ = try await session.send("type into \(selector)", .POST, "element/\(id)/value", ["text": text])
    }

    public func clear() async throws {
        _ = try await session.send("clear \(selector)", .POST, "element/\(id)/clear")
    }

    /// Clicks it, and returns at once.
    public func click() async throws {
        _ = try await session.send("click \(selector)", .POST, "element/\(id)/click")
    }

    /// Clicks a button that submits a form, and returns once the page it was on has gone (the
    /// driver's next find then waits for the new page to load): a click alone may return before
    /// the browser has left the page.
    public func submit(timeout: Duration = .seconds(10)) async throws {
        let page = try await session.element("html")
        try await click()
        let started = ContinuousClock.now
        while ContinuousClock.now - started < timeout {
            do {
                _ = try await session.send("page of \(selector)", .GET, "element/\(page.id)/name")
            } catch let error as WebDriverError where error.saysThePageIsGone {
                return
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw WebDriverError(command: "submit \(selector)", error: "timeout", message: "the page stayed after \(timeout)")
    }

    /// The rendered text.
    public func text() async throws -> String {
        try await session.send("text of \(selector)", .GET, "element/\(id)/text") as? String ?? ""
    }

    /// A DOM property, such as an input's `value`.
    public func property(_ name: String) async throws -> String? {
        try await session.send("\(name) of \(selector)", .GET, "element/\(id)/property/\(name)") as? String
    }
}

extension WebDriverError {
    /// The element asked about belongs to a page the browser has left. Chromium says so as a
    /// stale reference, or, when it asks in the middle of the navigation, as an inspector error.
    var saysThePageIsGone: Bool {
        ["stale element reference", "no such element"].contains(error) || message.contains("does not belong to the document")
    }
}
