import Foundation

/// The identity-provider stand-in's sign-in page as a person uses it in a browser session: the
/// page a "Sign in with Google" button leads to, which signs in the test user typed into it and
/// sends the browser back to where it came from.
///
///     try await DeviceApprovalPage(browser).signIn(through: "oauth2-google")
///     try await ProviderSignInPage(browser).signIn(subject: "g-grace", email: "grace@example.com", name: "Grace Hopper")
public struct ProviderSignInPage: Sendable {
    public let browser: WebDriverSession

    public init(_ browser: WebDriverSession) {
        self.browser = browser
    }

    /// What the page says, as read on screen.
    public func text() async throws -> String {
        try await browser.pageText()
    }

    /// Types the test user into the stand-in's form and presses Sign in.
    public func signIn(subject: String, email: String, name: String) async throws {
        for (field, value) in [("subject", subject), ("email", email), ("name", name)] {
            let input = try await browser.element("input[name=\(field)]")
            try await input.clear()
            try await input.type(value)
        }
        try await browser.element("button[type=submit]:not([name])").submit()
    }

    /// Presses Cancel: the provider answers `access_denied`.
    public func cancel() async throws {
        try await browser.element("button[name=deny]").submit()
    }
}
