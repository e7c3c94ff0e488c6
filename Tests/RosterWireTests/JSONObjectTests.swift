import Foundation
import RosterWire
import Testing

/// Objects keep the order their fields were written in, as MongoDB keeps a document's.
@Suite struct JSONObjectTests {
    @Test func parsingAndWritingKeepTheTextsOrder() throws {
        let text = #"{"zeta":1,"alpha":{"y":true,"b":null},"mid":[{"q":1,"a":2}]}"#
        let value = try JSONValue(parsing: text)
        #expect(value.compactText == text)
        #expect(value.objectValue?.keys.elementsEqual(["zeta", "alpha", "mid"]) == true)
        #expect(try JSONValue(parsing: Data(text.utf8)).compactText == text)
    }

    @Test func aNewFieldGoesAtTheEndAndAReplacedOneKeepsItsPlace() {
        var fields: JSONObject = ["name": "Alice", "age": 42]
        fields["city"] = "Lyon"
        fields["name"] = "Bob"
        #expect(Array(fields.keys) == ["name", "age", "city"])
        fields["age"] = nil
        fields["age"] = 43
        #expect(Array(fields.keys) == ["name", "city", "age"])
        #expect(JSONValue.object(fields).compactText == #"{"name":"Bob","city":"Lyon","age":43}"#)
    }

    /// Readers disagree on which of two same-named fields counts; Roster's refuses the text.
    @Test func aRepeatedNameIsRefused() throws {
        #expect(throws: (any Error).self) { try JSONValue(parsing: #"{"a":1,"b":2,"a":3}"#) }
        #expect(throws: (any Error).self) { try JSONValue(parsing: #"[{"x":{"$set":{"n":1},"$set":{"n":2}}}]"#) }
        #expect(try JSONValue(parsing: #"{"a":{"a":1},"b":[{"a":2},{"a":3}]}"#)["b"]?.arrayValue?.count == 2)
        // A literal in Swift keeps the last value, as a dictionary literal would.
        let literal: JSONValue = ["a": 1, "a": 3]
        #expect(literal.compactText == #"{"a":3}"#)
    }

    @Test func equalityAndHashingDoNotMindOrderButHasSameOrderDoes() {
        let one: JSONValue = ["a": 1, "b": ["x": 1, "y": 2]]
        let other: JSONValue = ["b": ["y": 2, "x": 1], "a": 1]
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(Set([one, other]).count == 1)
        #expect(!one.hasSameOrder(as: other))
        #expect(one.hasSameOrder(as: ["a": 1, "b": ["x": 1, "y": 2]]))
        #expect(one != ["a": 1, "b": ["x": 1, "y": 3]])
        #expect(one != ["a": 1])
    }

    @Test func aDictionaryGivesItsFieldsInSortedOrder() {
        let fields = JSONObject(["b": 1, "c": 2, "a": 3])
        #expect(Array(fields.keys) == ["a", "b", "c"])
    }

    /// Foundation's JSON coders keep no field order (their keyed containers are dictionaries):
    /// documents travel as Roster's own text, which does; through `Codable` they stay equal.
    @Test func codableKeepsTheFieldsIfNotTheirOrder() throws {
        let value: JSONValue = ["z": 1, "a": ["m": 2, "b": 3]]
        #expect(value.compactText == #"{"z":1,"a":{"m":2,"b":3}}"#)
        let text = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: text) == value)
    }
}
