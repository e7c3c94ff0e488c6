import Foundation
import Testing
@testable import RosterServer
@testable import RosterServerCore

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

    func refusal(_ text: String) throws -> String? {
        do {
            _ = try AppConfig.load(from: try write(text))
            return nil
        } catch let error as AppConfigError {
            return error.description
        }
    }

    /// The decoder's refusal names the file, the key and why: what was expected there, or the
    /// reason the value was refused, or where the JSON breaks.
    @Test func aBadValueSaysTheFileTheKeyAndTheReason() throws {
        let file = try write(
            #"{"appId": "a", "functions": {"f": {"source": "exports = () => 1"}}, "triggers": [{"name": "t", "type": "SCHEDULED", "function_name": "f", "config": {}}]}"#)
        do {
            _ = try AppConfig.load(from: file)
            Issue.record("a scheduled trigger without a schedule was accepted")
        } catch let error as AppConfigError {
            #expect(error.description.contains(file.path), "\(error)")
            #expect(error.description.contains("bad value at 'triggers.0.config': the trigger 't' needs config.schedule"), "\(error)")
        }
        let type = try refusal(#"{"appId": "a", "maxRequestBytes": "lots"}"#)
        #expect(type?.contains("wrong type at 'maxRequestBytes': expected a whole number") == true, "\(type ?? "accepted")")
        let list = try refusal(#"{"appId": "a", "rules": {"database": "d"}}"#)
        #expect(list?.contains("wrong type at 'rules': expected a list") == true, "\(list ?? "accepted")")
        let syntax = try refusal(#"{"appId": "a",, "name": "x"}"#)
        #expect(syntax?.hasPrefix("the app configuration") == true && syntax?.contains("not valid JSON: invalid JSON at byte 14") == true, "\(syntax ?? "accepted")")
    }

    @Test func anUnknownKeyIsRefusedWithItsNameAndWhereItIs() throws {
        let typo = try refusal(#"{"appId": "a", "providers": {"local-userpass": {"autoConfrim": true}}}"#)
        #expect(typo?.contains("unknown key 'providers.local-userpass.autoConfrim'") == true, "\(typo ?? "accepted")")
        #expect(typo?.contains("autoConfirm") == true, "the known keys are listed")
        let top = try refusal(#"{"appId": "a", "maxRequestByte": 1000}"#)
        #expect(top?.contains("unknown key 'maxRequestByte'") == true, "\(top ?? "accepted")")
        let inRule = try refusal(
            #"{"appId": "a", "rules": [{"database": "d", "collection": "c", "read": "all", "write": "all", "userIdFeld": "x"}]}"#)
        #expect(inRule?.contains("unknown key 'rules.0.userIdFeld'") == true, "\(inRule ?? "accepted")")
        let provider = try refusal(#"{"appId": "a", "providers": {"anon-users": {"enabled": true}}}"#)
        #expect(provider?.contains("unknown key 'providers.anon-users'") == true, "\(provider ?? "accepted")")
        let function = try refusal(#"{"appId": "a", "functions": {"f": {"command": ["/bin/true"], "timeout": 5}}}"#)
        #expect(function?.contains("unknown key 'functions.f.timeout'") == true, "\(function ?? "accepted")")
        // Every shipped configuration is still read.
        _ = try AppConfig.demo()
    }

    @Test func theDataServiceHasTheAppsName() throws {
        #expect(try AppConfig.load(from: try write(#"{"appId": "a"}"#)).dataServices == ["mongodb-atlas"])
        #expect(try AppConfig.load(from: try write(#"{"appId": "a", "dataService": "local-mongodb"}"#)).dataServices == ["local-mongodb"])
        let both = try AppConfig.load(from: try write(#"{"appId": "a", "dataService": ["local-mongodb", "mongodb-atlas"]}"#))
        #expect(both.dataServices == ["local-mongodb", "mongodb-atlas"])
        #expect(try refusal(#"{"appId": "a", "dataService": []}"#)?.contains("dataService") == true)
    }

    @Test func anEmptyCustomTokenAudienceMeansItIsNotChecked() throws {
        let text = #"{"appId": "a", "providers": {"custom-token": {"audience": "", "issuers": ["", "https://id.example"], "keys": [{"algorithm": "HS256", "secret": "0123456789abcdef0123456789abcdef"}]}}}"#
        let config = try AppConfig.load(from: try write(text))
        #expect(config.providers.customToken?.audience == [])
        #expect(config.providers.customToken?.issuers == ["https://id.example"])
    }
}
