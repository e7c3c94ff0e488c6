import RosterDocuments
import RosterWire
import Testing

/// Value types and the order across them, from MongoDB's manual pages "BSON Types" and
/// "Comparison/Sort Order".
@Suite struct DocumentValueTests {
    // BSON Types: the $type numbers and aliases.
    @Test func typesHaveMongoDBsNamesAndNumbers() {
        let cases: [(JSONValue, BSONType, String, Int)] = [
            (1.5, .double, "double", 1),
            (["$numberDouble": "NaN"], .double, "double", 1),
            ("text", .string, "string", 2),
            (["a": 1], .object, "object", 3),
            ([1, 2], .array, "array", 4),
            (["$binary": ["base64": "AQI=", "subType": "00"]], .binData, "binData", 5),
            (["$oid": "5f0c1e2a9b1e8a3d4c5b6a79"], .objectId, "objectId", 7),
            (true, .bool, "bool", 8),
            (["$date": 1_700_000_000_000], .date, "date", 9),
            (nil, .null, "null", 10),
            (["$regularExpression": ["pattern": "^a", "options": "i"]], .regex, "regex", 11),
            (5, .int, "int", 16),
            (.int(Int64(Int32.max) + 1), .long, "long", 18),
            (["$numberDecimal": "1.10"], .decimal, "decimal", 19),
        ]
        for (value, type, name, number) in cases {
            #expect(value.bsonType == type)
            #expect(type.name == name)
            #expect(type.rawValue == number)
            #expect(BSONType(name: name) == type)
        }
        #expect(BSONType(name: "timestamp") == nil)
    }

    @Test func onlyWellFormedSingleKeyWrappersAreTypedValues() {
        #expect(JSONValue.object(["$oid": "5f0c1e2a9b1e8a3d4c5b6a79"]).isTypedValue)
        #expect(JSONValue.object(["$date": 0]).isTypedValue)
        #expect(!JSONValue.object(["$oid": "5f0c1e2a9b1e8a3d4c5b6a79", "x": 1]).isTypedValue)
        #expect(!JSONValue.object(["$oid": "not hex"]).isTypedValue)
        #expect(!JSONValue.object(["$date": "2023-11-14T22:13:20Z"]).isTypedValue)
        #expect(!JSONValue.object(["$gt": 5]).isTypedValue)
        #expect(!JSONValue.object(["$numberDouble": "1.5"]).isTypedValue)
        #expect(!JSONValue.string("x").isTypedValue)
        #expect(JSONValue.object(["$date": 0]).bsonType == .date)
        #expect(JSONValue.object(["$oid": 5]).bsonType == .object)
    }

    // Comparison/Sort Order: MinKey < Null < Numbers < String < Object < Array < BinData <
    // ObjectId < Boolean < Date < Regular Expression.
    @Test func typesOrderAsMongoDBSortsThem() {
        let ascending: [JSONValue] = [
            nil,
            ["$numberDouble": "NaN"],
            ["$numberDouble": "-Infinity"],
            -5,
            ["$numberDecimal": "1.5"],
            2,
            ["$numberDouble": "Infinity"],
            "",
            "a",
            "b",
            [:],
            ["a": 1],
            [],
            [1],
            ["$binary": ["base64": "AQ==", "subType": "00"]],
            ["$oid": "000000000000000000000000"],
            ["$oid": "ffffffffffffffffffffffff"],
            false,
            true,
            ["$date": -1],
            ["$date": 1_700_000_000_000],
            ["$regularExpression": ["pattern": "a", "options": ""]],
        ]
        for (i, a) in ascending.enumerated() {
            for (j, b) in ascending.enumerated() {
                #expect(DocumentOrder.compare(a, b) == (i < j ? -1 : (i > j ? 1 : 0)), "\(a) vs \(b)")
            }
        }
    }

    // Comparison/Sort Order, "Numeric Types": numbers compare by value whatever their type.
    @Test func numbersCompareByValueAcrossTypes() {
        #expect(DocumentOrder.compare(1, 1.0) == 0)
        #expect(DocumentOrder.compare(1, ["$numberDecimal": "1.0"]) == 0)
        #expect(DocumentOrder.compare(2, 1.5) == 1)
        #expect(DocumentOrder.compare(1.5, 2) == -1)
        #expect(DocumentOrder.compare(["$numberDouble": "NaN"], ["$numberDouble": "NaN"]) == 0)
        #expect(DocumentOrder.compare(.double(.nan), -1_000_000) == -1)
        // Large longs are not rounded through Double.
        #expect(DocumentOrder.compare(.int(9_007_199_254_740_993), .double(9_007_199_254_740_992)) == 1)
        #expect(DocumentOrder.compare(.int(Int64.max), .double(9_223_372_036_854_775_808)) == -1)
        #expect(DocumentOrder.compare(.int(Int64.min), .double(-9_223_372_036_854_775_808)) == 0)
    }

    // Comparison/Sort Order, "Strings": simple binary comparison.
    @Test func stringsCompareByTheirBytes() {
        #expect(DocumentOrder.compare("B", "a") == -1)
        #expect(DocumentOrder.compare("a", "ab") == -1)
        // é precomposed (C3 A9) and decomposed (65 CC 81) differ byte for byte.
        #expect(DocumentOrder.compare("\u{E9}", "e\u{301}") == 1)
    }

    // Comparison/Sort Order, "Objects" and "Arrays": field by field in order, element by element.
    @Test func objectsAndArraysCompareFieldByField() {
        #expect(DocumentOrder.compare(["a": 1], ["a": 2]) == -1)
        #expect(DocumentOrder.compare(["a": 1], ["b": 0]) == -1)
        #expect(DocumentOrder.compare(["a": "x"], ["a": 5]) == 1)
        #expect(DocumentOrder.compare(["a": 1], ["a": 1, "b": 1]) == -1)
        // In their order, name then value: MongoDB's documents are not equal in another order.
        #expect(DocumentOrder.compare(["a": 1, "b": 2], ["b": 2, "a": 1]) == -1)
        #expect(DocumentOrder.compare(["b": 2, "a": 1], ["a": 1, "b": 2]) == 1)
        #expect(DocumentOrder.compare(["b": 2, "a": 1], ["b": 2, "a": 1]) == 0)
        #expect(DocumentOrder.compare([1, 2], [1, 3]) == -1)
        #expect(DocumentOrder.compare([1, 2], [1]) == 1)
        #expect(DocumentOrder.compare([[1, 2]], [[1, 2]]) == 0)
        #expect(DocumentOrder.compare(["$date": 5], ["$date": 4]) == 1)
        #expect(DocumentOrder.compare(["$binary": ["base64": "AQ==", "subType": "00"]],
                                      ["$binary": ["base64": "AQI=", "subType": "00"]]) == -1)
    }
}
