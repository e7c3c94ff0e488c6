import Foundation
import RosterWire
import Testing

/// Which user a subcommand acts as, in the README's order: a user named on the command line
/// (`USER` or `--user`), then `ROSTER_USER`, then the nearest `.roster-user` from the current
/// directory up, then the device's active user; `roster whoami` says which rule chose, and
/// `roster switch -` goes back to the user active before.
extension EndToEndTests {
    @Suite("roster: which user, and why")
    struct UserChoiceCommandTests {
        /// A device with Emma and then Joe logged in (Joe active), and a project directory two
        /// levels above where the commands run.
        struct Device {
            let home: URL
            let runner: CommandRunner
            let project: URL
            let work: URL

            init(_ name: String) throws {
                home = try CommandRunner.temporaryDirectory(name)
                runner = CommandRunner(home: home)
                project = home.appendingPathComponent("project")
                work = project.appendingPathComponent("src/app")
                try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
                #expect(try runner.roster(["login", "--email", "emma@example.com", "--password-stdin"], stdin: "pa55word\n").status == 0)
                #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            }

            /// `roster ARGUMENTS` run in `directory`, with `extra` in its environment.
            func roster(_ arguments: [String], in directory: URL? = nil, extra: [String: String] = [:]) throws -> CommandRunner.Result {
                var runner = runner
                runner.environment.merge(extra) { _, new in new }
                let quoted = ([CommandRunner.binaries.appendingPathComponent("roster").path] + arguments).map { "'\($0)'" }
                return try runner.run("/bin/sh", ["-c", "cd '\((directory ?? work).path)' && exec \(quoted.joined(separator: " "))"], stdin: nil)
            }

            /// Writes `.roster-user` in `directory` with `text` and `mode`.
            func nameFile(_ text: String, in directory: URL, mode: Int = 0o644) throws {
                let path = directory.appendingPathComponent(".roster-user").path
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            }
        }

        /// Each row of the table, lowest first: the active user, then a `.roster-user` above,
        /// then `ROSTER_USER` over it, then `--user` over that; the commands act as whom
        /// `whoami` names (the access token is the chosen user's).
        @Test func eachRuleChoosesInTurnAndWhoamiSaysWhich() throws {
            let device = try Device("user-choice-rows")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let users = try device.runner.users()
            let emma = try #require(users.first { $0.email == "emma@example.com" })
            let joe = try #require(users.first { $0.email == "joe@example.com" })

            func chosen(_ extra: [String: String] = [:], _ arguments: [String] = []) throws -> (name: String, rule: String, tokenUser: String) {
                let whoami = try device.roster(["whoami"] + arguments, extra: extra)
                #expect(whoami.status == 0, "\(whoami.stderr)")
                let lines = whoami.stdout.split(separator: "\n").map(String.init)
                let token = try device.roster(["token"] + arguments, extra: extra)
                #expect(token.status == 0, "\(token.stderr)")
                let claims = try UnverifiedJWT.claims(AccessTokenClaims.self, of: token.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                return (lines.first ?? "", lines.dropFirst().first ?? "", claims.sub)
            }

            var now = try chosen()
            #expect(now.name == "joe@example.com (active)" && now.rule.hasSuffix("the device's active user") && now.tokenUser == joe.id, "\(now)")

            try device.nameFile("emma@example.com\n", in: device.project)
            now = try chosen()
            #expect(now.name == "emma@example.com (logged in)" && now.tokenUser == emma.id, "\(now)")
            #expect(now.rule.hasSuffix("\(device.project.path)/.roster-user names them"), "\(now)")

            now = try chosen(["ROSTER_USER": "joe"])
            #expect(now.name == "joe@example.com (active)" && now.rule.hasSuffix("ROSTER_USER names them") && now.tokenUser == joe.id, "\(now)")

            now = try chosen(["ROSTER_USER": "joe"], ["--user", "emma"])
            #expect(now.name == "emma@example.com (logged in)" && now.rule.hasSuffix("named on the command line") && now.tokenUser == emma.id, "\(now)")

            // The nearest file wins over one further up.
            try device.nameFile("joe@example.com", in: device.work)
            #expect(try chosen().rule.hasSuffix("\(device.work.path)/.roster-user names them"))
            // Named twice, two ways, is refused.
            let twice = try device.roster(["token", "joe", "--user", "emma"])
            #expect(twice.status == 2 && twice.stderr.contains("USER and --user name two users"), "\(twice.stderr)")
        }

        /// A `.roster-user` someone else could have written, or that is not a plain file with a
        /// name, is refused in one line that says what to do, and the command does nothing.
        @Test func aNameFileOthersCouldWriteIsRefused() throws {
            let device = try Device("user-choice-unsafe")
            defer { try? FileManager.default.removeItem(at: device.home) }
            try device.nameFile("emma@example.com", in: device.project, mode: 0o664)
            let writable = try device.roster(["whoami"])
            #expect(writable.status == 1 && writable.stdout.isEmpty, "\(writable.stdout)")
            #expect(writable.stderr.contains("may be written by others") && writable.stderr.contains("chmod go-w"), "\(writable.stderr)")
            #expect(try device.roster(["token"]).status == 1, "no token for a user the file could not choose")

            try device.nameFile("\n", in: device.project)
            #expect(try device.roster(["whoami"]).stderr.contains("names no user"))
            try device.nameFile("nobody-here", in: device.project)
            #expect(try device.roster(["whoami"]).stderr.contains("no user 'nobody-here' on this device"))
            try FileManager.default.removeItem(at: device.project.appendingPathComponent(".roster-user"))
            try FileManager.default.createDirectory(at: device.project.appendingPathComponent(".roster-user"), withIntermediateDirectories: false)
            #expect(try device.roster(["whoami"]).stderr.contains("is not a regular file"))
            // Above the file, it counts for nothing.
            #expect(try device.roster(["whoami", "--short"], in: device.home).stdout == "joe@example.com\n")
        }

        /// `switch -` goes back and forth between the last two active users, as `cd -` does;
        /// `--short` prints the name alone, and nothing (exit 1) with nobody active.
        @Test func switchDashGoesBackAndShortPrintsOneLine() throws {
            let device = try Device("user-choice-switch")
            defer { try? FileManager.default.removeItem(at: device.home) }
            #expect(try device.roster(["switch", "-"]).stdout == "Switched to emma@example.com.\n")
            #expect(try device.roster(["whoami", "--short"]).stdout == "emma@example.com\n")
            #expect(try device.roster(["switch", "-"]).stdout == "Switched to joe@example.com.\n")
            #expect(try device.roster(["whoami", "--short"]).stdout == "joe@example.com\n")

            // The name Roster shows an anonymous user by is a name it takes back.
            let anonymous = try device.roster(["login", "--anonymous"])
            let shown = try #require(anonymous.stdout.firstMatch(of: #/Logged in (anonymous user [0-9a-f]{8}) /#)?.1, "\(anonymous.stdout)")
            #expect(try device.roster(["switch", "joe"]).status == 0)
            let named = try device.roster(["switch", String(shown)])
            #expect(named.status == 0 && named.stdout == "Switched to \(shown).\n", "\(named)")

            let fresh = CommandRunner(home: try CommandRunner.temporaryDirectory("user-choice-empty"))
            defer { try? FileManager.default.removeItem(at: fresh.home) }
            let nobody = try fresh.roster(["whoami", "--short"])
            #expect(nobody.status == 1 && nobody.stdout.isEmpty && nobody.stderr.isEmpty, "\(nobody)")
            let back = try fresh.roster(["switch", "-"])
            #expect(back.status == 1 && back.stderr.contains("no user was active before on this device"), "\(back.stderr)")
        }
    }
}
