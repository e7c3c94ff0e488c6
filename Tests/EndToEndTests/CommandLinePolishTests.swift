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

        static func column(of text: String, in row: String) -> Int? {
            row.range(of: text).map { row[..<$0.lowerBound].count }
        }
    }
}
