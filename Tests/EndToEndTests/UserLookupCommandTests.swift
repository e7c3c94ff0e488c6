import Foundation
import Testing

/// Naming a user on the command line reads only the users the name may mean (`roster switch`,
/// `token`, `whoami`), and `roster whoami --short`, which a shell prompt runs at every line,
/// reads the device store alone: it starts no embedded server and sends nothing.
extension EndToEndTests {
    @Suite("roster: naming a user, and whoami --short for a prompt")
    struct UserLookupCommandTests {
        /// A device with custom-JWT users of these emails and names, logged in in turn (the last active).
        static func device(_ name: String, _ people: [(email: String, name: String)]) throws -> (home: URL, runner: CommandRunner) {
            let home = try CommandRunner.temporaryDirectory(name)
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["users"]).status == 0)  // makes and seeds the embedded store
            let database = home.appendingPathComponent("embedded/server.sqlite").path
            for (index, person) in people.enumerated() {
                let minted = try runner.rosterServer(
                    ["admin", "--db", database, "--demo", "mint-jwt", "--sub", "lookup-\(index)", "--name", person.name, "--email", person.email])
                #expect(minted.status == 0, "mint-jwt: \(minted.stderr)")
                let login = try runner.roster(["login", "--jwt-stdin"], stdin: minted.stdout)
                #expect(login.status == 0, "login: \(login.stderr)")
            }
            return (home, runner)
        }

        /// `%` and `_` in a prefix match themselves, not any text or any character; a prefix
        /// two users share is refused naming them, as before; a profile name finds a user
        /// listed by their email.
        @Test func aPrefixMeansItsOwnCharactersAndAnAmbiguousOneIsRefused() throws {
            let (home, runner) = try Self.device("lookup-prefix", [
                ("a_b@example.com", "Ann"), ("axb@example.com", "Axel"), ("100%@example.com", "Zoë Müller"), ("1000@example.com", "Cento"),
            ])
            defer { try? FileManager.default.removeItem(at: home) }
            let underscore = try runner.roster(["switch", "a_"])
            #expect(underscore.status == 0 && underscore.stdout == "Switched to a_b@example.com.\n", "\(underscore.stdout)\(underscore.stderr)")
            #expect(try runner.roster(["whoami", "--short", "--user", "100%"]).stdout == "100%@example.com\n")
            #expect(try runner.roster(["whoami", "--short", "--user", "zoË M"]).stdout == "100%@example.com\n")
            let shared = try runner.roster(["switch", "100"])
            #expect(shared.status == 1, "\(shared.stdout)")
            #expect(shared.stderr == "roster: '100' matches 2 users (1000@example.com, 100%@example.com); say more\n", "\(shared.stderr)")
            let none = try runner.roster(["token", "%"])
            #expect(none.status == 1 && none.stderr == "roster: no user '%' on this device (see `roster users`)\n", "\(none.stderr)")
            #expect(try runner.roster(["whoami", "--short"]).stdout == "a_b@example.com\n")
        }

        /// `whoami --short` follows every rule of the order (`--user`, `ROSTER_USER`, the
        /// nearest `.roster-user`, the active user) with no embedded server to be had (a file where
        /// its folder goes): it never opens the server, so it neither fails nor makes one.
        @Test func whoamiShortFollowsEachRuleWithoutTheServer() throws {
            let (home, base) = try Self.device("lookup-short", [("ann@example.com", "Ann"), ("bob@example.com", "Bob")])
            defer { try? FileManager.default.removeItem(at: home) }
            // A file where the server's folder goes: no server can be opened or made there.
            let embedded = home.appendingPathComponent("embedded")
            try FileManager.default.removeItem(at: embedded)
            try Data("not a folder\n".utf8).write(to: embedded)
            let project = home.appendingPathComponent("project")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: false)

            func short(_ arguments: [String] = [], extra: [String: String] = [:], in directory: URL = home) throws -> String {
                var runner = base
                runner.environment.merge(extra) { _, new in new }
                let command = ([CommandRunner.binaries.appendingPathComponent("roster").path, "whoami", "--short"] + arguments).map { "'\($0)'" }
                let ran = try runner.run("/bin/sh", ["-c", "cd '\(directory.path)' && exec \(command.joined(separator: " "))"], stdin: nil)
                #expect(ran.status == 0, "\(arguments) \(extra): \(ran.stderr)")
                return ran.stdout
            }
            #expect(try short() == "bob@example.com\n")
            try Data("ann\n".utf8).write(to: project.appendingPathComponent(".roster-user"))
            #expect(try short(in: project) == "ann@example.com\n")
            #expect(try short(extra: ["ROSTER_USER": "bob"], in: project) == "bob@example.com\n")
            #expect(try short(["--user", "ann"], extra: ["ROSTER_USER": "bob"]) == "ann@example.com\n")
            #expect(try String(contentsOf: embedded, encoding: .utf8) == "not a folder\n", "whoami --short touched the server's files")
            // The full whoami does start the server, and so cannot here.
            #expect(try base.roster(["whoami"]).status != 0)
        }
    }
}
