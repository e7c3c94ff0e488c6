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

    /// Prints `items` as one JSON array in that style, as `print(.array(items.map(element)))`
    /// would, but an item at a time: a list of thousands is never held as one text.
    static func printArray<Item>(_ items: [Item], _ element: (Item) -> JSONValue) {
        guard !items.isEmpty else {
            Swift.print("[]")
            return
        }
        Swift.print("[")
        for (position, item) in items.enumerated() {
            // Strings are escaped, so the item's only line breaks are its own layout's.
            let text = element(item).prettyText(forTerminal: true).replacingOccurrences(of: "\n", with: "\n  ")
            Swift.print("  " + text + (position < items.count - 1 ? "," : ""))
        }
        Swift.print("]")
    }

    /// Encodes `value` (an array, one object, or `nil` as `null`) and prints it in that style.
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(try JSONValue(parsing: try encoder.encode(value)))
    }
}
