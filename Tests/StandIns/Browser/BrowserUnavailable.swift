/// Why the tests could not drive a browser: Chromium or its driver is not installed, or the
/// driver did not come up. The message names the Debian packages to install.
public struct BrowserUnavailable: Error, CustomStringConvertible {
    public let description: String

    static func missing(_ program: String) -> BrowserUnavailable {
        BrowserUnavailable(
            description: "\(program) is not installed: the browser tests need Debian's chromium and chromium-driver "
                + "packages (apt-get install chromium chromium-driver; .ci/run installs them)")
    }
}

/// A W3C WebDriver error answer (`{"value": {"error": …, "message": …}}`) or an answer the
/// client did not expect.
public struct WebDriverError: Error, CustomStringConvertible {
    public let command: String
    public let error: String
    public let message: String

    public var description: String { "WebDriver \(command): \(error): \(message)" }
}
