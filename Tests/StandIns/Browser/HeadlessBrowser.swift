import Foundation

/// Headless Chromium for the length of `body`: Debian's chromedriver started on a free loopback
/// port, one session in a phone-sized window, and both ended afterwards, whether `body` returns
/// or throws, so no Chromium process outlives the test.
///
///     try await HeadlessBrowser.with { browser in
///         try await browser.navigate(to: url)
///         #expect(try await browser.pageText().contains("Log in a terminal"))
///     }
///
/// Without `chromium` or `chromium-driver` it throws `BrowserUnavailable`, naming the packages:
/// a test that needs a browser fails, it is not skipped.
public enum HeadlessBrowser {
    public static func with<Result>(
        _ options: WebDriverSession.Options = .phone, chromium: String = ChromeDriverProcess.chromiumPath,
        driver: String = ChromeDriverProcess.driverPath, _ body: (WebDriverSession) async throws -> Result
    ) async throws -> Result {
        let process = try await ChromeDriverProcess.start(driver: driver, chromium: chromium)
        defer { process.stop() }
        let session = try await WebDriverSession.open(driver: process.url, chromium: chromium, options: options)
        do {
            let result = try await body(session)
            await session.close()
            return result
        } catch {
            await session.close()
            throw error
        }
    }
}
