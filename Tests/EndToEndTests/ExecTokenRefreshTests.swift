import Foundation
import RosterWire
import Testing

/// `roster exec` and a command that outlives its access token: the file named by
/// `ROSTER_ACCESS_TOKEN_FILE` holds a fresh token the server accepts after the first has expired.
extension EndToEndTests {
    @Suite("roster exec keeps the token fresh")
    struct ExecTokenRefreshTests {
        /// Seconds an access token lives on the server here: long enough for a request, short
        /// enough for a test to outlive.
        static let lifetime = 3

        @Test func aCommandOutlivingItsTokenReadsAFreshOneFromTheFile() throws {
            let home = try CommandRunner.temporaryDirectory("exec-refresh")
            defer { try? FileManager.default.removeItem(at: home) }
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let demo = try String(contentsOf: root.appendingPathComponent("Resources/demo/app.json"), encoding: .utf8)
            let config = demo.replacingOccurrences(of: #""accessTokenLifetimeSeconds": 1800"#, with: #""accessTokenLifetimeSeconds": \#(Self.lifetime)"#)
            #expect(config != demo, "the demo app's token lifetime")
            let configFile = home.appendingPathComponent("app.json")
            try Data(config.utf8).write(to: configFile)
            let server = try ServerProcess(database: home.appendingPathComponent("server.sqlite").path, home: home, config: configFile)
            defer { server.stop() }
            var runner = CommandRunner(
                home: home.appendingPathComponent("client"), extra: ["ROSTER_SERVER_URL": server.baseURL, "ROSTER_APP_ID": "roster-demo"])
            runner.environment["PATH"] = "/usr/bin:/bin"
            let login = try runner.roster(["login", "--anonymous"])
            #expect(login.status == 0, "\(login.stderr)")

            // The command asks the server with the token it was started with until that one is
            // refused (it has outlived it), then with the file's: each status on a line.
            let profile = "\"$ROSTER_SERVER_URL\(Route.profile)\""
            let script = """
                ask() { curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $1" \(profile); }
                first=$(cat "$ROSTER_ACCESS_TOKEN_FILE")
                [ "$first" = "$ROSTER_ACCESS_TOKEN" ] || exit 5
                ask "$first"; echo
                tries=0
                while [ "$(ask "$first")" = 200 ]; do
                    tries=$((tries + 1)); [ $tries -gt 100 ] && exit 4
                    sleep 0.1
                done
                ask "$first"; echo
                ask "$(cat "$ROSTER_ACCESS_TOKEN_FILE")"; echo
                """
            let ran = try runner.roster(["exec", "--", "/bin/sh", "-c", script])
            #expect(ran.status == 0, "\(ran.stderr)")
            #expect(ran.stdout.split(separator: "\n") == ["200", "401", "200"], "\(ran.stdout)\n\(ran.stderr)")
        }
    }
}
