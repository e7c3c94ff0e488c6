import Foundation
import Testing

/// What a person used to git, gh or kubectl expects of a command line: a version, a hint for a
/// typo, one JSON style, tables with headers and columns, one name for each provider, and a
/// plain refusal on a terminal that cannot hold the switcher.
extension EndToEndTests {
    @Suite("roster command line polish end to end")
    struct CommandLinePolishTests {
        static func runner(_ name: String) throws -> (CommandRunner, URL) {
            let home = try CommandRunner.temporaryDirectory(name)
            return (CommandRunner(home: home), home)
        }

        @Test func versionIsOneLineEitherWay() throws {
            let (runner, home) = try Self.runner("version")
            defer { try? FileManager.default.removeItem(at: home) }
            let flag = try runner.roster(["--version"])
            let word = try runner.roster(["version"])
            for result in [flag, word] {
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
                #expect(result.stdout.wholeMatch(of: /roster \d+\.\d+\.\d+\n/) != nil, "\(result.stdout)")
            }
            #expect(flag.stdout == word.stdout)
            #expect(try runner.roster(["--help"]).stdout.contains("version"))
        }

        @Test func anUnknownCommandNamesTheNearestAndShowsTheTopLevelUsage() throws {
            let (runner, home) = try Self.runner("unknown-command")
            defer { try? FileManager.default.removeItem(at: home) }
            for (typed, meant) in [("swich", "switch"), ("usres", "users"), ("whoamii", "whoami"), ("lgout", "logout")] {
                let result = try runner.roster([typed, "joe"])
                #expect(result.status == 2, "roster \(typed) exited \(result.status)")
                #expect(result.stdout.isEmpty)
                let lines = result.stderr.split(separator: "\n").map(String.init)
                #expect(lines.first == "roster: unknown command '\(typed)'. Did you mean '\(meant)'?", "\(result.stderr)")
                #expect(lines.dropFirst().first?.hasPrefix("Usage: roster ") == true, "\(result.stderr)")
                // The top-level usage, not the switcher's (which `ui`, the default command, would print).
                #expect(!result.stderr.contains("--no-color") && !result.stderr.contains("roster ui"), "\(result.stderr)")
            }
            let far = try runner.roster(["frobnicate"])
            #expect(far.status == 2)
            #expect(far.stderr.split(separator: "\n").first == "roster: unknown command 'frobnicate'.", "\(far.stderr)")
            // Nothing was opened or made on the way.
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("embedded").path))
            // Known commands, help and options before a command still parse as before.
            #expect(try runner.roster(["help", "users"]).status == 0)
            #expect(try runner.roster(["users"]).status == 0)
        }

        @Test func everyJSONOutputHasOneStyleAndAnEmptyListIsBrackets() throws {
            let (runner, home) = try Self.runner("json-style")
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["users", "--json"]).stdout == "[]\n")
            #expect(try runner.roster(["history", "--json"]).stdout == "[]\n")
            #expect(try runner.roster(["whoami", "--json"]).stdout == "null\n")
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            for arguments in [["users", "--json"], ["whoami", "--json"], ["history", "--json"], ["custom-data", "--json"]] {
                let result = try runner.roster(arguments)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                let text = result.stdout
                // Two-space indents, `"key": value`, keys in order: one style for all.
                #expect(text.contains("\": ") && !text.contains("\" : "), "\(arguments):\n\(text)")
                let lines = text.split(separator: "\n")
                #expect(lines.allSatisfy { ($0.prefix { $0 == " " }.count) % 2 == 0 }, "\(arguments):\n\(text)")
                // The keys of the first object (the whole output, or the array's first item) are in order.
                let depth = text.hasPrefix("[") ? 4 : 2
                var keys: [String] = []
                for line in lines.dropFirst() {
                    let indent = line.prefix { $0 == " " }.count
                    if indent < depth, !keys.isEmpty { break }
                    if indent == depth, line.dropFirst(indent).hasPrefix("\"") {
                        keys.append(String(line.dropFirst(indent + 1).prefix { $0 != "\"" }))
                    }
                }
                // Roster's own records sort their keys; custom data is the person's document, in its own order.
                let order = arguments[0] == "custom-data" ? keys : keys.sorted()
                #expect(!keys.isEmpty && keys == order, "\(arguments): keys out of order:\n\(text)")
            }
            // Provider wire names stay in JSON.
            #expect(try runner.roster(["users", "--json"]).users().first?.providers == ["local-userpass"])
        }

        @Test func apiKeysListHasAHeaderRowAndColumns() throws {
            let (runner, home) = try Self.runner("api-keys-table")
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            #expect(try runner.roster(["api-keys", "list"]).stdout == "No API keys.\n")
            #expect(try runner.roster(["api-keys", "create", "ci"]).status == 0)
            #expect(try runner.roster(["api-keys", "create", "kiosk-front-door"]).status == 0)
            let listed = try runner.roster(["api-keys", "list"])
            #expect(listed.status == 0, "\(listed.stderr)")
            let lines = listed.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 3, "\(listed.stdout)")
            #expect(lines.first?.split(separator: " ") == ["ID", "STATE", "NAME"], "\(listed.stdout)")
            let header = lines[0]
            for row in lines.dropFirst() {
                #expect(row.range(of: "enabled")?.lowerBound.utf16Offset(in: row) == header.range(of: "STATE")?.lowerBound.utf16Offset(in: header))
                #expect(!row.hasSuffix(" "))
            }
            #expect(lines[1].hasSuffix("  ci") || lines[2].hasSuffix("  ci"))
        }

        @Test func aNegativeNumberIsAValueWithoutDashDash() throws {
            let (runner, home) = try Self.runner("negative-value")
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let double = try runner.roster(["custom-data", "set", "balance", "-2.5"])
            #expect(double.status == 0, "\(double.stderr)")
            let int = try runner.roster(["custom-data", "set", "offset", "-7", "--user", "joe"])
            #expect(int.status == 0, "\(int.stderr)")
            let data = try runner.roster(["custom-data", "--json"]).stdout
            #expect(data.contains(#""balance": -2.5"#) && data.contains(#""offset": -7"#), "\(data)")
            // An unknown option is still refused as one, and two values are one too many; nothing changes.
            let bogus = try runner.roster(["custom-data", "set", "balance", "--bogus"])
            #expect(bogus.status == 2 && bogus.stderr.contains("roster: unknown option '--bogus'"), "\(bogus.stderr)")
            let two = try runner.roster(["custom-data", "set", "balance", "1", "-2"])
            #expect(two.status == 2 && two.stderr.contains("one VALUE"), "\(two.stderr)")
            #expect(try runner.roster(["custom-data", "--json"]).stdout == data)
        }

        @Test func providersHaveOneNameAndEveryIdentityIsListedInColumns() throws {
            let (runner, home) = try Self.runner("provider-names")
            defer { try? FileManager.default.removeItem(at: home) }
            let database = home.appendingPathComponent("embedded/server.sqlite").path
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let minted = try runner.rosterServer(["admin", "--db", database, "--demo", "mint-jwt", "--sub", "joe-kiosk", "--name", "Joe"])
            #expect(minted.status == 0, "mint-jwt: \(minted.stderr)")
            let linked = try runner.roster(["link", "--jwt-stdin"], stdin: minted.stdout)
            #expect(linked.status == 0, "link: \(linked.stderr)")
            #expect(linked.stdout.contains("Linked custom-token log-in"), "\(linked.stdout)")

            let table = try runner.roster(["users"]).stdout.split(separator: "\n").map(String.init)
            #expect(table.first?.contains("PROVIDERS") == true, "\(table)")
            let joe = try #require(table.first { $0.contains("joe@example.com") })
            let anonymous = try #require(table.first { $0.contains("anonymous") && !$0.contains("joe") })
            #expect(joe.contains("email, custom-token") && !joe.contains("local-userpass"), "\(joe)")
            #expect(!anonymous.contains("anon-user"), "\(anonymous)")
            // Columns line up: every row's state starts under STATE, its id under ID.
            for (word, row) in [("active", joe), ("logged in", anonymous)] {
                #expect(Self.column(of: word, in: row) == Self.column(of: "STATE", in: table[0]), "\(table)")
                #expect(Self.column(of: String(row.split(separator: " ").last!), in: row) == Self.column(of: " ID", in: table[0]).map { $0 + 1 })
            }
            // JSON keeps the wire names.
            let json = try runner.users().first { $0.email == "joe@example.com" }
            #expect(json?.providers == ["local-userpass", "custom-token"])

            let whoami = try runner.roster(["whoami"]).stdout.split(separator: "\n").map(String.init)
            let first = try #require(whoami.firstIndex { $0.hasPrefix("identities: ") }, "\(whoami)")
            #expect(whoami[first].hasPrefix("identities: email "), "\(whoami)")
            #expect(whoami[first + 1].hasPrefix("            custom-token  "), "\(whoami)")
            // The ids start in one column.
            let ids = [whoami[first], whoami[first + 1]].map { row in Self.column(of: String(row.split(separator: " ").last!), in: row) }
            #expect(ids[0] == ids[1], "\(whoami)")
            #expect(!whoami.contains { $0.contains("local-userpass") || $0.contains("providers:") })
        }

        /// On a terminal that cannot move its cursor the switcher does not start: one line on
        /// stderr, exit 1, and nothing of curses left on the line.
        @Test func aTerminalWithoutCursorAddressingGetsOneLine() throws {
            let (runner, home) = try Self.runner("term-dumb")
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            let cases: [([String], String)] = [
                (["/usr/bin/env", "TERM=dumb", SwitcherTests.roster, "ui"],
                    "roster: this terminal (TERM=dumb) cannot run the switcher; use the subcommands, e.g. roster users"),
                (["/usr/bin/env", "TERM=dumb", SwitcherTests.roster],
                    "roster: this terminal (TERM=dumb) cannot run the switcher; use the subcommands, e.g. roster users"),
                (["/usr/bin/env", "-u", "TERM", SwitcherTests.roster, "ui"], "roster: TERM is not set, so the switcher cannot run;"),
                (["/usr/bin/env", "TERM=no-such-terminal", SwitcherTests.roster], "roster: the terminal type 'no-such-terminal' is unknown here"),
            ]
            for (command, message) in cases {
                let session = try TmuxSession(command: command, environment: runner.environment, width: 200)
                let screen = try session.waitFor("[end]")
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let end = try #require(lines.firstIndex { $0.hasPrefix("[exited ") }, "\(screen)")
                #expect(lines[end] == "[exited 1]", "\(command):\n\(screen)")
                // The message is the only thing before the exit status: no cleared screen, no escapes.
                #expect(end == 1 && lines[0].hasPrefix(message), "\(command):\n\(screen)")
                #expect(lines[0].hasSuffix("use the subcommands, e.g. roster users"), "\(command):\n\(screen)")
                try SwitcherTests.expectSaneSettings(screen)
            }
        }

        static func column(of text: String, in row: String) -> Int? {
            row.range(of: text).map { row[..<$0.lowerBound].count }
        }
    }
}
