import Foundation
import RosterWire

/// Every `--json` output in one style: indented by two spaces, `"key": value`, an empty array as
/// `[]`; Roster's own records with their keys sorted, a document (`roster custom-data --json`,
/// Extended JSON) with its fields in its own order.
enum JSONOutput {
    static func print(_ value: JSONValue) {
        Swift.print(value.prettyText())
    }

    /// Encodes `value` (an array, one object, or `nil` as `null`) and prints it in that style.
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        print(try JSONValue(parsing: try encoder.encode(value)))
    }
}
