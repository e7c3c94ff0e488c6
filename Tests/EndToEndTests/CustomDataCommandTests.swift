import Foundation
import RosterWire
import Testing

/// `roster custom-data set|unset`: a user changes their own custom data from a script.
extension EndToEndTests {
    @Suite("roster custom-data end to end")
    struct CustomDataCommandTests {
        /// Values read as people read them; `--json` keeps relaxed Extended JSON for scripts.
        @Test func datesAndNumbersReadAsValuesAndJSONStaysExtendedJSON() throws {
            let home = try CommandRunner.temporaryDirectory("custom-data-values")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let document = #"{"at": {"$date": {"$numberLong": "1700000000000"}}, "ratio": {"$numberDouble": "1.0"}, "count": {"$numberInt": "7"}}"#
            #expect(try runner.roster(["custom-data", "set", "--json", "-"], stdin: document).status == 0)
            let readable = try runner.roster(["custom-data"])
            #expect(readable.status == 0, "\(readable.stderr)")
            #expect(readable.stdout.contains(#""at": 2023-11-14T22:13:20Z"#), "\(readable.stdout)")
            #expect(readable.stdout.contains(#""ratio": 1.0"#) && readable.stdout.contains(#""count": 7"#))
            #expect(!readable.stdout.contains("$date") && !readable.stdout.contains("$number"))
            let json = try JSONValue(parsing: try runner.roster(["custom-data", "--json"]).stdout)
            #expect(json["at"] == ["$date": "2023-11-14T22:13:20Z"] && json["ratio"] == 1.0 && json["count"] == 7)
        }

        /// Custom data holding CSI (U+009B), DEL and ESC in its keys and values reaches the
        /// terminal escaped, plain and `--json` alike, and the JSON still reads back to the same
        /// strings.
        @Test func controlCharactersInCustomDataNeverReachTheTerminal() throws {
            let home = try CommandRunner.temporaryDirectory("custom-data-controls")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let document = #"{"csi\u009b2J": "red \u009b31m, del \u007f, esc \u001b[2J", "list": ["\u001b]0;title\u0007", "\u0085"]}"#
            let set = try runner.roster(["custom-data", "set", "--json", "-"], stdin: document)
            #expect(set.status == 0, "\(set.stderr)")
            func raw(_ text: String) -> [String] {
                text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }.map { "U+" + String($0.value, radix: 16) }
            }
            #expect(raw(set.stdout).isEmpty, "\(raw(set.stdout))")
            let plain = try runner.roster(["custom-data"])
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(raw(plain.stdout).isEmpty, "\(raw(plain.stdout))")
            #expect(plain.stdout.contains(#"red \u009b31m, del \u007f, esc \u001b[2J"#), "\(plain.stdout)")
            let json = try runner.roster(["custom-data", "--json"])
            #expect(raw(json.stdout).isEmpty, "\(raw(json.stdout))")
            let read = try JSONValue(parsing: json.stdout)
            #expect(read["csi\u{9B}2J"] == "red \u{9B}31m, del \u{7F}, esc \u{1B}[2J", "\(json.stdout)")
            #expect(read["list"] == ["\u{1B}]0;title\u{07}", "\u{85}"])
        }

        @Test func setUnsetAndReplaceTheUsersOwnDocument() throws {
            let home = try CommandRunner.temporaryDirectory("custom-data")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            func data(_ arguments: [String], stdin: String? = nil) throws -> JSONValue {
                let result = try runner.roster(["custom-data"] + arguments, stdin: stdin)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                return try JSONValue(parsing: result.stdout)
            }
            #expect(try data(["set", "favoriteColor", "teal"])["favoriteColor"] == "teal")
            #expect(try data(["set", "preferences.theme", "\"light\""])["preferences"]?["theme"] == "light")
            #expect(try data(["set", "shift", "3"])["shift"] == 3, "JSON values stay typed")
            #expect(try data(["unset", "team"])["team"] == nil)
            // What the device shows is what the server has.
            #expect(try data(["--refresh"])["favoriteColor"] == "teal")
            let replaced = try data(["set", "--json", "-"], stdin: #"{"favoriteColor": "plum", "nested": {"deep": [1, 2]}}"#)
            #expect(replaced.objectValue?.keys.sorted() == ["favoriteColor", "nested", "userId"])

            // Refusals say why and change nothing.
            for (arguments, words, status) in [
                (["set", "userId", "someone-else"], "cannot be changed", Int32(1)),
                (["set", "$where", "1"], "is not a field", 2),
                (["set", "--json", "[1]"], "must be a JSON object", 1),
                (["set", "--json", #"{"$set": {"a": 1}}"#], "may not start with '$'", 1),
                (["set", "only-a-key"], "give KEY and VALUE", 2),
                (["set", "big", String(repeating: "x", count: 20_000)], "more than this app's limit of 16384", 1),
            ] {
                let result = try runner.roster(["custom-data"] + arguments)
                #expect(result.status == status, "\(arguments.prefix(2)): \(result.stderr)")
                #expect(result.stderr.contains(words), "\(arguments.prefix(2)): \(result.stderr)")
            }
            #expect(try data(["--refresh"]) == replaced)
        }

        // BEHAVIOURS 31, 33
        @Test func editTheActiveUsersDataInTheSwitcher() throws {
            let home = try CommandRunner.temporaryDirectory("custom-data-editor")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            try session.waitFor("custom data as of just now · e edits")
            try session.send("e")
            try session.waitFor("Custom data of joe@example.com")
            // favoriteColor is the first field: change it, add a nested one, save.
            try session.send("Enter", literal: false)
            try session.waitFor("Value of favoriteColor")
            for _ in 0..<8 { try session.send("BSpace", literal: false) }
            try session.send("teal")
            try session.send("Enter", literal: false)
            try session.send("a")
            try session.send("badge")
            try session.send("Enter", literal: false)
            try session.send(#"{"level": 3}"#)
            try session.send("Enter", literal: false)
            try session.waitFor("~ badge")
            try session.send("s")
            try session.waitFor("Saved the custom data of joe@example.com")
            let screen = try session.waitFor(#""favoriteColor": "teal""#)
            #expect(screen.contains(#""level": 3"#), "the detail pane shows the saved data:\n\(screen)")
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))

            let server = try JSONValue(parsing: try runner.roster(["custom-data", "--refresh"]).stdout)
            #expect(server["favoriteColor"] == "teal" && server["badge"] == ["level": 3] && server["team"] == "platform")
        }
    }
}
