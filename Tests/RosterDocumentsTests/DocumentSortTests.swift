import RosterDocuments
import RosterWire
import Testing

/// Sorting as `cursor.sort()` and the "Comparison/Sort Order" page of MongoDB's manual describe it.
@Suite struct DocumentSortTests {
    private func sort(_ spec: String, _ documents: [JSONValue]) throws -> [JSONValue] {
        let parsed = try #require(try DocumentSort.parse(try JSONValue(parsing: spec)))
        return parsed.sorted(documents)
    }

    // cursor.sort(): "Sort Consistency", the restaurants example.
    static let restaurants: [JSONValue] = [
        ["_id": 1, "name": "Central Park Cafe", "borough": "Manhattan"],
        ["_id": 2, "name": "Rock A Feller Bar and Grill", "borough": "Queens"],
        ["_id": 3, "name": "Empire State Pub", "borough": "Brooklyn"],
        ["_id": 4, "name": "Stan's Pizzaria", "borough": "Manhattan"],
        ["_id": 5, "name": "Jane's Deli", "borough": "Brooklyn"],
    ]

    @Test func sortsByFieldsInTheOrderWritten() throws {
        let all = Self.restaurants
        #expect(try sort(#"{"borough": 1, "_id": 1}"#, all) == [all[2], all[4], all[0], all[3], all[1]])
        #expect(try sort(#"{"borough": -1, "_id": -1}"#, all) == [all[1], all[3], all[0], all[4], all[2]])
        #expect(try sort(#"{"_id": -1, "borough": 1}"#, all) == [all[4], all[3], all[2], all[1], all[0]])
        // Equal keys keep the order they came in.
        #expect(try sort(#"{"borough": 1}"#, all) == [all[2], all[4], all[0], all[3], all[1]])
        #expect(try sort(#"{"name": 1}"#, all) == [all[0], all[2], all[4], all[1], all[3]])
    }

    // Comparison/Sort Order: across types, and "Non-existent Fields" sort as null.
    @Test func sortsAcrossTypesWithMissingAsNull() throws {
        let all: [JSONValue] = [
            ["_id": 1, "v": "b"], ["_id": 2, "v": 10], ["_id": 3], ["_id": 4, "v": ["$date": 5]], ["_id": 5, "v": nil],
            ["_id": 6, "v": 2.5], ["_id": 7, "v": true], ["_id": 8, "v": ["x": 1]], ["_id": 9, "v": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a79"]],
        ]
        #expect(try sort(#"{"v": 1}"#, all) == [all[2], all[4], all[5], all[1], all[0], all[7], all[8], all[6], all[3]])
        #expect(try sort(#"{"v": -1}"#, all) == [all[3], all[6], all[8], all[7], all[0], all[1], all[5], all[2], all[4]])
    }

    // Comparison/Sort Order, "Arrays": ascending by the smallest element, descending by the
    // largest; an empty array before null.
    @Test func arraysSortByTheirSmallestOrLargestElement() throws {
        let all: [JSONValue] = [
            ["_id": 1, "a": [1, 8]], ["_id": 2, "a": [3, 4]], ["_id": 3, "a": 2], ["_id": 4, "a": []], ["_id": 5, "a": nil],
        ]
        #expect(try sort(#"{"a": 1}"#, all) == [all[3], all[4], all[0], all[2], all[1]])
        #expect(try sort(#"{"a": -1}"#, all) == [all[0], all[1], all[2], all[4], all[3]])
    }

    @Test func dottedPathsReachIntoArraysOfDocuments() throws {
        let all: [JSONValue] = [
            ["_id": 1, "items": [["qty": 5], ["qty": 50]]], ["_id": 2, "items": [["qty": 10]]],
            ["_id": 3, "items": [["qty": 20], ["other": 1]]], ["_id": 4, "size": ["h": 3]],
        ]
        #expect(try sort(#"{"items.qty": 1}"#, all) == [all[2], all[3], all[0], all[1]])
        #expect(try sort(#"{"items.qty": -1}"#, all) == [all[0], all[2], all[1], all[3]])
        #expect(try sort(#"{"items.0.qty": -1}"#, all) == [all[2], all[1], all[0], all[3]])
    }

    @Test func readsCanonicalNumbersAndRefusesTheRest() throws {
        let spec = try ExtendedJSON.canonical(JSONValue(parsing: #"{"b": {"$numberInt": "-1"}, "a": 1.0}"#))
        let parsed = try #require(try DocumentSort.parse(spec))
        #expect(parsed.keys.map(\.path.description) == ["b", "a"])
        #expect(parsed.keys.map(\.ascending) == [false, true])
        #expect(try DocumentSort.parse(nil) == nil)
        #expect(try DocumentSort.parse(try JSONValue(parsing: "{}")) == nil)
        func refusal(_ text: String) -> String? {
            refusalMessage { _ = try DocumentSort.parse(try JSONValue(parsing: text)) }
        }
        #expect(refusal(#"{"a": 2}"#) == "the sort order of 'a' must be 1 or -1")
        #expect(refusal(#"{"a": "asc"}"#) == "the sort order of 'a' must be 1 or -1")
        #expect(refusal(#"{"score": {"$meta": "textScore"}}"#) == "sorting by $meta ('score') is not supported")
        #expect(refusal(#"[1]"#) == "a sort must be an object of fields and 1 or -1")
        // A field named twice never reaches the sort: the text is refused as JSON.
        #expect(throws: (any Error).self) { try JSONValue(parsing: #"{"a": 1, "a": -1}"#) }
        #expect(refusal(#"{"$a": 1}"#) == "field names may not start with '$' ('$a')")
    }
}
