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
    /// would, but a few hundred at a time: a list of thousands is never held as one text.
    static func printArray<Item>(_ items: [Item], _ element: (Item) -> JSONValue) {
        guard !items.isEmpty else {
            Swift.print("[]")
            return
        }
        Swift.print("[")
        let size = 256
        for start in stride(from: 0, to: items.count, by: size) {
            let end = min(items.count, start + size)
            // `[\n`, the items at the array's indentation, `\n]`: the items are kept.
            let text = JSONValue.array(items[start..<end].map(element)).prettyText(forTerminal: true)
            Swift.print(text.dropFirst(2).dropLast(2) + (end < items.count ? "," : ""))
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
