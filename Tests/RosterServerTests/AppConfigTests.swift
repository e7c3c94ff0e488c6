import Foundation
import Testing
@testable import RosterServer

@Suite struct AppConfigTests {
    func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("roster-config-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func minimalFileGetsDefaults() throws {
        let config = try AppConfig.load(from: try write(#"{"appId": "mini", "providers": {"anon-user": {"enabled": true}}}"#))
        #expect(config.accessTokenLifetimeSeconds == 1800)
        #expect(config.refreshTokenLifetimeSeconds == 60 * 24 * 3600)
        #expect(config.maxRequestBytes == 65536)
        #expect(config.isEnabled(.anonymous) && !config.isEnabled(.emailPassword))
        #expect(config.customUserData == nil)
    }

    @Test func badFilesSayWhatIsWrong() throws {
        #expect(throws: AppConfigError.self) { try AppConfig.load(from: URL(fileURLWithPath: "/nonexistent/app.json")) }
        do {
            _ = try AppConfig.load(from: try write(#"{"name": "x"}"#))
            Issue.record("a config without appId was accepted")
        } catch let error as AppConfigError {
            #expect(error.description.contains("appId"))
        }
        do {
            let text = #"{"appId":"a","providers":{"custom-token":{"enabled":true,"keys":[{"algorithm":"HS256","secret":"short"}]}}}"#
            _ = try AppConfig.load(from: try write(text))
            Issue.record("a short HS256 secret was accepted")
        } catch let error as AppConfigError {
            #expect(error.description.contains("32"))
        }
        #expect(throws: AppConfigError.self) { try AppConfig.load(from: try write("{not json")) }
    }
}
