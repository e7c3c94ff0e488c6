import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `roster-server serve --demo --web-demo-port PORT` serves the web demo's page on a second port
/// that calls the client API on the first; a port it cannot use is one line and nothing started.
extension EndToEndTests {
    @Suite("roster-server serve --web-demo-port")
    struct WebDemoCommandTests {
        typealias Setup = ServerSettingsTests.Setup

        @Test func thePageIsServedOnItsOwnPortAndCallsTheAPI() async throws {
            let setup = try Setup("web-demo")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            let process = try ChildProcess(
                path: CommandRunner.binaries.appendingPathComponent("roster-server").path,
                ["serve", "--db", setup.database.path, "--demo", "--port", "0", "--web-demo-port", "0"],
                environment: setup.environment, stdout: .pipe, stderr: .null)
            let lines = process.readLines { lines in
                lines.contains { $0.hasPrefix("roster-server listening on ") } && lines.contains { $0.hasPrefix("roster-server web demo on ") }
            }
            let api = try #require(ServerSettingsTests.listened(lines), "\(lines)")
            let said = try #require(lines.first { $0.hasPrefix("roster-server web demo on ") }, "\(lines)")
            let page = String(said.dropFirst("roster-server web demo on ".count).prefix { $0 != " " })
            #expect(page.hasPrefix("http://127.0.0.1:") && page.hasSuffix("/") && !page.hasPrefix(api), "\(page) beside \(api)")
            let (data, response) = try await URLSession.shared.data(from: URL(string: page)!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self).contains(#"<meta name="roster-api" content="\#(api)">"#))
            #expect(ServerSettingsTests.stop(process) == 0)
        }

        @Test func aPortItCannotUseIsRefusedBeforeAnythingStarts() throws {
            var setup = try Setup("web-demo-refused")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            let database = setup.database.path
            try setup.expectRefused(
                ["--db", database, "--demo", "--web-demo-port", "70000"], saying: "--web-demo-port takes a port from 0 to 65535; '70000' is not one")
            try setup.expectRefused(["--db", database, "--demo", "--web-demo-port=-1"], saying: "--web-demo-port takes a port from 0 to 65535")
            try setup.expectRefused(
                ["--db", database, "--demo", "--port", "9191", "--web-demo-port", "9191"],
                saying: "--web-demo-port takes a port other than the API's (9191)")
            try setup.expectRefused(["--db", database, "--demo", "--web-demo-port", "9090"], saying: "other than the API's (9090)")
            try setup.expectRefused(
                ["--db", database, "--demo", "--metrics-port", "9300", "--web-demo-port", "9300"], saying: "other than the metrics'")
            let app = setup.home.appendingPathComponent("app.json")
            try Data(#"{"appId": "shop", "providers": {"anon-user": {"enabled": true}}}"#.utf8).write(to: app)
            try setup.expectRefused(["--db", database, "--config", app.path, "--web-demo-port", "8080"], saying: "serves the demo app's web page")
            setup.environment["ROSTER_WEB_DEMO_PORT"] = "eighty"
            try setup.expectRefused(["--db", database, "--demo"], saying: "ROSTER_WEB_DEMO_PORT")
        }
    }
}
