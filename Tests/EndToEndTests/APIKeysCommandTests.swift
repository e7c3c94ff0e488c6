import Foundation
import Testing

/// `roster api-keys`: a user's keys from the command line, and log-in with one.
extension EndToEndTests {
    @Suite("roster api-keys end to end")
    struct APIKeysCommandTests {
        // BEHAVIOURS 5
        @Test func createListDisableEnableDeleteAndLogInWithAKey() throws {
            let home = try CommandRunner.temporaryDirectory("api-keys")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)

            // Piped, the key goes to stdout alone; into a file, owner-only.
            let piped = try runner.roster(["api-keys", "create", "ci"])
            #expect(piped.status == 0, "create: \(piped.stderr)")
            let key = piped.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(key.count >= 32 && !key.contains(" "))
            let file = home.appendingPathComponent("kiosk.key")
            let saved = try runner.roster(["api-keys", "create", "kiosk", "--output", file.path])
            let savedKey = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .newlines)
            #expect(saved.status == 0 && savedKey.count >= 32 && !saved.stdout.contains(savedKey))
            #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
            #expect(try runner.roster(["api-keys", "create", "again", "--output", file.path]).status == 2)
            #expect(try runner.roster(["api-keys", "create", "ci"]).status == 1, "a second key of the same name")

            let listed = try runner.roster(["api-keys", "list"])
            let lines = listed.stdout.split(separator: "\n").dropFirst()  // the header row
            #expect(lines.count == 2 && lines.allSatisfy { $0.contains("enabled") })
            #expect(!listed.stdout.contains(key))
            let id = try #require(lines.first { $0.hasSuffix("  ci") }.map { String($0.prefix { $0 != " " }) })

            // The key logs Joe in; disabled it does not; enabled again it does; deleted, never.
            #expect(try runner.roster(["logout"]).status == 0)
            #expect(try runner.roster(["login", "--api-key-stdin"], stdin: key + "\n").status == 0)
            #expect(try runner.roster(["api-keys", "disable", id]).status == 0)
            #expect(try runner.roster(["api-keys", "show", id]).stdout.contains("disabled"))
            let refused = try runner.roster(["login", "--api-key-stdin"], stdin: key + "\n")
            #expect(refused.status == 1 && !refused.stderr.contains(key))
            #expect(try runner.roster(["api-keys", "enable", id]).status == 0)
            #expect(try runner.roster(["login", "--api-key-stdin"], stdin: key + "\n").status == 0)
            #expect(try runner.roster(["api-keys", "delete", id]).status == 0)
            #expect(try runner.roster(["login", "--api-key-stdin"], stdin: key + "\n").status == 1)
            let missing = try runner.roster(["api-keys", "show", id])
            #expect(missing.status == 1 && missing.stderr.contains("API key not found"))
        }
    }
}
