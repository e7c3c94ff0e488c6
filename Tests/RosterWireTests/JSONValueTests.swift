import Foundation
import Testing

@testable import RosterWire

@Suite("JSONValue keeps documents exactly")
struct JSONValueTests {
    let sample = """
        {"i":1,"d":1.0,"f":0.25,"neg":-7,"big":9007199254740993,"s":"Zoë \\"quoted\\" \\n 张伟 😀",\
        "t":true,"n":null,"a":[1,2.5,"x",[],{}],"o":{"nested":{"deep":[false]}}}
        """

    @Test func parsesEachKindExactly() throws {
        let value = try JSONValue(parsing: sample)
        #expect(value["i"] == .int(1))
        #expect(value["d"] == .double(1.0))
        #expect(value["f"] == .double(0.25))
        #expect(value["neg"] == .int(-7))
        #expect(value["big"] == .int(9_007_199_254_740_993))
        #expect(value["s"] == .string("Zoë \"quoted\" \n 张伟 😀"))
        #expect(value["t"] == .bool(true))
        #expect(value["n"] == .null)
        #expect(value["a"] == .array([.int(1), .double(2.5), .string("x"), .array([]), .object([:])]))
        #expect(value["o"]?["nested"]?["deep"] == .array([.bool(false)]))
    }

    @Test func textRoundTripIsExact() throws {
        let value = try JSONValue(parsing: sample)
        let again = try JSONValue(parsing: value.compactText)
        #expect(again == value)
        #expect(value.compactText.contains("\"d\":1.0"))
        #expect(value.compactText.contains("\"i\":1,"))
        #expect(try JSONValue(parsing: value.prettyText()) == value)
    }

    @Test func codableRoundTripIsExact() throws {
        let value = try JSONValue(parsing: sample)
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        let wire = try WireCoding.decode(JSONValue.self, from: WireCoding.encode(value))
        #expect(wire == value)
    }

    @Test func wholeDoublesTravelAsExtendedJSONThroughCodable() throws {
        let data = try WireCoding.encode(JSONValue.object(["d": .double(3.0), "i": .int(3)]))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text == #"{"d":{"$numberDouble":"3.0"},"i":3}"#)
        let long = try WireCoding.decode(JSONValue.self, from: Data(#"{"$numberLong":"42"}"#.utf8))
        #expect(long == .int(42))
    }

    @Test func unicodeEscapesAndSurrogatePairs() throws {
        #expect(try JSONValue(parsing: #""\u00e9\ud83d\ude00\u0041""#) == .string("é😀A"))
        #expect(JSONValue.string("\u{01}tab\t").compactText == #""\u0001tab\t""#)
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":}", "{'a':1}", "01", "1.", ".5", "1e", "tru", "nul", "\"unterminated",
        "\"bad \\x escape\"", "\"\u{01}\"", "{\"a\":1} extra", "[1 2]", "\"\\ud800\"", "NaN", "-",
    ])
    func refusesInvalidText(_ text: String) {
        #expect(throws: (any Error).self) { try JSONValue(parsing: text) }
    }

    @Test func refusesInvalidUTF8() {
        #expect(throws: (any Error).self) { try JSONValue(parsing: Data([0x22, 0xFF, 0xFE, 0x22])) }
    }

    @Test func refusesNestingPastTheLimit() throws {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: (any Error).self) { try JSONValue(parsing: deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        _ = try JSONValue(parsing: fine)
    }

    @Test func literalsAndAccessors() {
        let value: JSONValue = ["name": "Joe", "age": 42, "ratio": 0.5, "ok": true, "none": nil, "list": [1, "two"]]
        #expect(value["name"]?.stringValue == "Joe")
        #expect(value["age"]?.intValue == 42)
        #expect(value["ok"]?.boolValue == true)
        #expect(value["none"]?.isNull == true)
        #expect(value["list"]?.arrayValue?.count == 2)
        #expect(value["missing"] == nil)
        #expect(JSONValue.string("x")["key"] == nil)
    }

    @Test func prettyTextIsIndentedInFieldOrder() {
        let value: JSONValue = ["b": ["c": 1], "a": [true]]
        #expect(value.prettyText() == "{\n  \"b\": {\n    \"c\": 1\n  },\n  \"a\": [\n    true\n  ]\n}")
    }
}

/// `readableText`: Extended JSON's typed values as people read them, everything else as JSON.
@Suite struct ReadableTextTests {
    @Test func typedValuesReadAsTheirValues() throws {
        let document: JSONValue = [
            "at": ["$date": "2023-11-14T22:13:20Z"], "long": ["$date": ["$numberLong": "1700000000123"]],
            "int": ["$numberInt": "7"], "big": ["$numberLong": "42"], "ratio": ["$numberDouble": "1.0"],
            "price": ["$numberDecimal": "19.95"], "ref": ["$oid": "65f0c0ffee0000000000beef"], "text": "42",
            "blob": ["$binary": ["base64": "AAEC", "subType": "00"]], "pattern": ["$regularExpression": ["pattern": "^a", "options": "i"]],
            "plain": ["$set": 1], "whole": 2.0,
        ]
        let text = document.readableText()
        for expected in [
            #""at": 2023-11-14T22:13:20Z"#, #""long": 2023-11-14T22:13:20.123Z"#, #""int": 7"#, #""big": 42"#, #""ratio": 1.0"#,
            #""price": 19.95"#, #""ref": ObjectId("65f0c0ffee0000000000beef")"#, #""text": "42""#, #""blob": Binary(3 bytes)"#,
            #""pattern": /^a/i"#, #""$set": 1"#, #""whole": 2.0"#,
        ] {
            #expect(text.contains(expected), "\(expected) in\n\(text)")
        }
        // Without typed values it is the JSON of prettyText, so scripts can still read it.
        let plain: JSONValue = ["a": [1, 2.5, "x"], "b": ["c": nil]]
        #expect(plain.readableText() == plain.prettyText())
        #expect(try JSONValue(parsing: plain.readableText()) == plain)
    }
}
