import Foundation
import RosterWire

/// Every `--json` output in one style: indented by two spaces, keys sorted, `"key": value`, an
/// empty array as `[]`; the same text `roster custom-data --json` prints for Extended JSON.
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
