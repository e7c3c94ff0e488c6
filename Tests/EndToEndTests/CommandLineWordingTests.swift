import Foundation
import Testing

/// The command line's second round: one prefix for every error, suggestions only for likely
/// typos, a mistyped subcommand named as one, values that look like options, `--version --help`,
/// `whoami` for scripts, and completions by a documented command.
extension EndToEndTests {
    @Suite("roster command line wording end to end")
    struct CommandLineWordingTests {
        static func runner(_ name: String) throws -> (CommandRunner, URL) {
            let home = try CommandRunner.temporaryDirectory(name)
            return (CommandRunner(home: home), home)
        }

        /// Usage errors and failures alike begin `roster: `; none begins `Error:`.
        @Test func everyErrorBeginsWithRoster() throws {
            let (runner, home) = try Self.runner("error-prefix")
            defer { try? FileManager.default.removeItem(at: home) }
            for arguments in [["users", "--bogus"], ["history", "--limit", "abc"], ["switch"], ["switch", "nobody"], ["custom-data", "set"]] {
                let result = try runner.roster(arguments)
                #expect(result.status != 0, "\(arguments)")
                #expect(result.stderr.hasPrefix("roster: "), "\(arguments): \(result.stderr)")
                #expect(!result.stderr.contains("Error:"), "\(arguments): \(result.stderr)")
            }
            let missing = try runner.roster(["history", "--limit"])
            #expect(missing.stderr.hasPrefix("roster: missing value for '--limit"), "\(missing.stderr)")
        }

        /// An unknown option before any command names Roster's usage, and suggests only what is near.
        @Test func anUnknownLeadingOptionShowsRostersUsage() throws {
            let (runner, home) = try Self.runner("unknown-option")
            defer { try? FileManager.default.removeItem(at: home) }
            let far = try runner.roster(["--foo"])
            #expect(far.status == 2)
            let lines = far.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first == "roster: unknown option '--foo'.", "\(far.stderr)")
            #expect(lines.dropFirst().first == "Usage: roster <subcommand>", "\(far.stderr)")
            #expect(!far.stderr.contains("roster ui"), "\(far.stderr)")
            let near = try runner.roster(["--no-colr"])
            #expect(near.stderr.hasPrefix("roster: unknown option '--no-colr'. Did you mean '--no-color'?"), "\(near.stderr)")
            // A real switcher option still reaches the switcher.
            #expect(try runner.roster(["--no-color", "--bogus"]).stderr.hasPrefix("roster: unknown option '--bogus'."))
        }

        @Test func aMistypedSubcommandIsNamedAsOne() throws {
            let (runner, home) = try Self.runner("mistyped-subcommand")
            defer { try? FileManager.default.removeItem(at: home) }
            let result = try runner.roster(["custom-data", "sett", "a", "b"])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("roster: unknown command 'custom-data sett'. Did you mean 'custom-data set'?"), "\(result.stderr)")
            #expect(result.stderr.contains("Usage: roster custom-data <subcommand>"), "\(result.stderr)")
        }

        @Test func aNegativeLimitIsRefusedForItsValue() throws {
            let (runner, home) = try Self.runner("negative-limit")
            defer { try? FileManager.default.removeItem(at: home) }
            let result = try runner.roster(["history", "--limit", "-1"])
            #expect(result.status == 2)
            #expect(result.stderr.hasPrefix("roster: --limit takes 1 to 1000, not -1"), "\(result.stderr)")
            #expect(try runner.roster(["history", "--limit", "2"]).status == 0)
        }

        /// The first of `--version` and `--help` answers, for Roster, never the switcher's help.
        @Test func versionAndHelpTogetherAnswerTheFirst() throws {
            let (runner, home) = try Self.runner("version-help")
            defer { try? FileManager.default.removeItem(at: home) }
            let version = try runner.roster(["--version", "--help"])
            #expect(version.status == 0 && version.stdout.wholeMatch(of: /roster \d+\.\d+\.\d+\n/) != nil, "\(version.stdout)")
            let help = try runner.roster(["--help", "--version"])
            #expect(help.status == 0 && help.stdout.contains("SUBCOMMANDS") && help.stdout.contains("completion"), "\(help.stdout)")
            #expect(help.stdout.hasPrefix("OVERVIEW: Share one terminal"), "Roster's help, not the switcher's: \(help.stdout.prefix(200))")
        }

        /// `whoami` is for scripts: exit 1 with nobody; `--json` names every identity and the token's expiry.
        @Test func whoamiSaysNobodyWithExitOneAndJSONHasIdentities() throws {
            let (runner, home) = try Self.runner("whoami-json")
            defer { try? FileManager.default.removeItem(at: home) }
            let nobody = try runner.roster(["whoami"])
            #expect(nobody.status == 1 && nobody.stdout.isEmpty && nobody.stderr.contains("No active user"), "\(nobody)")
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let result = try runner.roster(["whoami", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let identities = object?["identities"] as? [[String: Any]]
            #expect(identities?.first?["provider"] as? String == "local-userpass", "\(result.stdout)")
            #expect((identities?.first?["id"] as? String)?.isEmpty == false)
            let expiry = try #require(object?["accessTokenExpiresAt"] as? String)
            let date = try #require(ISO8601DateFormatter().date(from: expiry))
            #expect(date > Date() && date < Date().addingTimeInterval(3_600), "\(expiry)")
        }

        @Test(arguments: ["bash", "zsh", "fish"]) func completionPrintsTheShellsScript(_ shell: String) throws {
            let (runner, home) = try Self.runner("completion-\(shell)")
            defer { try? FileManager.default.removeItem(at: home) }
            let result = try runner.roster(["completion", shell])
            #expect(result.status == 0, "\(result.stderr)")
            let marker = ["bash": "complete -o filenames -F _roster roster", "zsh": "#compdef roster", "fish": "complete -c 'roster'"][shell]!
            #expect(result.stdout.contains(marker), "\(result.stdout.prefix(300))")
            #expect(result.stdout.contains("custom-data") && result.stdout.contains("whoami"))
            let bad = try runner.roster(["completion", "powershell"])
            #expect(bad.status == 2 && bad.stderr.hasPrefix("roster: completion is for bash, zsh or fish, not 'powershell'"), "\(bad.stderr)")
        }

        @Test func usersSortByNameOrByRecentUse() throws {
            let (runner, home) = try Self.runner("users-sort")
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            #expect(try runner.roster(["login", "--email", "emma@example.com", "--password-stdin"], stdin: "pa55word\n").status == 0)
            #expect(try runner.roster(["switch", "joe"]).status == 0)
            let byName = try runner.roster(["users", "--sort", "name", "--json"]).users().compactMap(\.email)
            #expect(byName == ["emma@example.com", "joe@example.com"], "\(byName)")
            let recent = try runner.roster(["users", "--sort", "recent", "--json"]).users().compactMap(\.email)
            #expect(recent == ["joe@example.com", "emma@example.com"], "\(recent)")
            let bad = try runner.roster(["users", "--sort", "age"])
            #expect(bad.status == 2 && bad.stderr.hasPrefix("roster: "), "\(bad.stderr)")
        }

        /// `roster users` colours the marker and the state on a terminal (or with CLICOLOR_FORCE),
        /// never with NO_COLOR or --no-color, and the columns line up either way.
        @Test func usersAreColouredOnlyWhereColourIsWanted() throws {
            let (runner, home) = try Self.runner("users-colour")
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let plain = try runner.roster(["users"]).stdout
            #expect(!plain.contains("\u{1B}["), "piped: no colour")
            let forced = CommandRunner(home: home, extra: ["CLICOLOR_FORCE": "1"])
            let coloured = try forced.roster(["users"]).stdout
            #expect(coloured.contains("\u{1B}[1;32m*\u{1B}[0m") && coloured.contains("\u{1B}[1;32mactive\u{1B}[0m"), "\(coloured)")
            var stripped = coloured
            for code in ["1;32", "32", "2", "1", "0"] { stripped = stripped.replacingOccurrences(of: "\u{1B}[\(code)m", with: "") }
            #expect(stripped == plain)
            #expect(try !forced.roster(["users", "--no-color"]).stdout.contains("\u{1B}["))
            #expect(try !CommandRunner(home: home, extra: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"]).roster(["users"]).stdout.contains("\u{1B}["))
        }

        /// `roster ui --listen` is checked before anything opens: the address, the demo's public
        /// passwords on the network, an address that names every interface, and options that go
        /// with it; each refusal says what to give instead.
        @Test func listenOptionsAreCheckedInWords() throws {
            let (runner, home) = try Self.runner("listen-options")
            defer { try? FileManager.default.removeItem(at: home) }
            let refusals: [([String], String)] = [
                (["--listen", "foo"], "roster: --listen takes ADDR:PORT, such as 127.0.0.1:8080"),
                (["--listen", "127.0.0.1:70000"], "roster: --listen takes ADDR:PORT"),
                (["--listen", "::1:8080"], "roster: --listen takes ADDR:PORT"),
                (["--listen", "127.0.0.1:"], "roster: --listen takes ADDR:PORT"),
                (["--listen", "0.0.0.0:8080"], "roster: the demo app's passwords are public, so --listen serves it on this machine only"),
                (["--listen", "0.0.0.0:8080", "--allow-demo-on-network"], "roster: --listen 0.0.0.0:8080 names no address a phone can open: give the one it opens with --public-url"),
                (["--listen", "0.0.0.0:8080", "--allow-demo-on-network", "--public-url", "ftp://x"], "roster: --public-url: a public URL is http:// or https://"),
                (["--public-url", "http://192.168.1.20:8080"], "roster: --public-url and --allow-demo-on-network go with --listen"),
                (["--listen", "127.0.0.1:0", "--server", "http://127.0.0.1:9", "--app", "roster-demo"], "roster: --listen serves the embedded server"),
            ]
            for (arguments, words) in refusals {
                let result = try runner.roster(["ui"] + arguments)
                #expect(result.status != 0, "\(arguments)")
                #expect(result.stderr.hasPrefix(words), "\(arguments): \(result.stderr)")
            }
            // Nothing was made: no store opened for a refused command.
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("embedded").path))
            // Accepted, without a terminal: the users are printed as usual.
            let piped = try runner.roster(["ui", "--listen", "[::1]:0"])
            #expect(piped.status == 0, "\(piped.stderr)")
        }

        /// The embedded server opens no port: `--device` says so at once instead of waiting ten
        /// minutes on a page no phone can open (which the time limit would end).
        @Test(.timeLimit(.minutes(1))) func deviceLogInOnTheEmbeddedServerSaysWhyAtOnce() throws {
            let (runner, home) = try Self.runner("device-embedded")
            defer { try? FileManager.default.removeItem(at: home) }
            for arguments in [["login", "--device"], ["link", "--device"]] {
                let result = try runner.roster(arguments)
                #expect(result.status == 1, "\(arguments): \(result.stderr)")
                #expect(result.stderr.hasPrefix("roster: logging in on another device needs a server a phone can reach"), "\(result.stderr)")
                #expect(!result.stdout.contains("http://127.0.0.1/device"))
            }
        }
    }
}
