import Foundation
import Testing

/// `roster-server serve` refuses what would expose the demo's public secrets.
extension EndToEndTests {
    @Suite("roster-server serve")
    struct ServeCommandTests {
        @Test func theDemoIsNotServedOnTheNetworkUnlessAskedTo() throws {
            let home = try CommandRunner.temporaryDirectory("serve")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let database = home.appendingPathComponent("server.sqlite").path
            for host in ["0.0.0.0", "::", "192.168.1.20"] {
                let refused = try runner.rosterServer(["serve", "--demo", "--db", database, "--host", host, "--port", "0"])
                #expect(refused.status != 0)
                #expect(refused.stderr.contains("the demo app's passwords are public"), "\(refused.stderr)")
                #expect(refused.stderr.contains("--allow-demo-on-network"))
                #expect(!FileManager.default.fileExists(atPath: database), "nothing is created before the refusal")
            }
            let proxy = try runner.rosterServer(["serve", "--demo", "--db", database, "--port", "0", "--trusted-proxy", "proxy.local"])
            #expect(proxy.status != 0)
            #expect(proxy.stderr.contains("--trusted-proxy takes an IP address"), "\(proxy.stderr)")
            #expect(!FileManager.default.fileExists(atPath: database))
        }

        @Test func adminPurgeSaysWhatWentAndRefusesABadLimit() throws {
            let home = try CommandRunner.temporaryDirectory("purge")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let database = home.appendingPathComponent("server.sqlite").path
            let purged = try runner.rosterServer(["admin", "--db", database, "--demo", "purge"])
            #expect(purged.status == 0, "\(purged.stderr)")
            #expect(purged.stdout == "sessions: 0\naccount tokens: 0\nanonymous users: 0\nfailed-attempt counts: 0\ndevice log-ins: 0\n")
            let refused = try runner.rosterServer(["admin", "--db", database, "--demo", "purge", "--limit", "0"])
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("--limit must be 1 or more"))
        }

        @Test func adminActionsAreInTheAuditTrail() throws {
            let home = try CommandRunner.temporaryDirectory("audit")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let database = home.appendingPathComponent("server.sqlite").path
            let created = try runner.rosterServer(
                ["admin", "--db", database, "--demo", "create-user", "--email", "zed@example.com", "--password-stdin"], stdin: "zed-secret-1\n")
            #expect(created.status == 0, "\(created.stderr)")
            let id = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try runner.rosterServer(["admin", "--db", database, "--demo", "disable", "zed@example.com"]).status == 0)
            let audit = try runner.rosterServer(["admin", "--db", database, "--demo", "audit", "--user", "zed@example.com", "--json"])
            #expect(audit.status == 0, "\(audit.stderr)")
            let entries = try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(entries.compactMap { $0["detail"] as? String } == ["disable", "create-user"])
            #expect(entries.allSatisfy { $0["userId"] as? String == id && $0["event"] as? String == "admin" })
            #expect(!audit.stdout.contains("zed-secret-1"))
            let bad = try runner.rosterServer(["admin", "--db", database, "--demo", "audit", "--since", "yesterday"])
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("--since must be"))
        }
    }
}
