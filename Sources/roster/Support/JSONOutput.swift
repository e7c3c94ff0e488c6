import Foundation
import RosterWire

/// Every `--json` output in one style: indented by two spaces, `"key": value`, an empty array as
/// `[]`; Roster's own records with their keys sorted, a document (`roster custom-data --json`,
/// Extended JSON) with its fields in its own order. Every control character in a string is
/// escaped (`TerminalText`), so what a server stored never acts on the terminal and the text
/// parses back to the same value.
enum JSONOutput {
    static func print(_ value: JSONValue) {
        Swift.print(value.prettyText(forTerminal: true))
    }

    /// Encodes `value` (an array, one object, or `nil` as `null`) and prints it in that style.
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(try JSONValue(parsing: try encoder.encode(value)))
    }
}
