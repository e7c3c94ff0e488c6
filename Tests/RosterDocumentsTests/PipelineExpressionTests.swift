import RosterDocuments
import RosterWire
import Testing

/// Aggregation expressions as `$project` computes them, from the examples of the MongoDB
/// manual's expression operator pages, and the result types MongoDB gives arithmetic.
@Suite struct PipelineExpressionTests {
    /// The comparison and boolean operator pages' `inventory`.
    static let inventory = """
        [
          {"_id": 1, "item": "abc1", "description": "product 1", "qty": 300},
          {"_id": 2, "item": "abc2", "description": "product 2", "qty": 200},
          {"_id": 3, "item": "xyz1", "description": "product 3", "qty": 250},
          {"_id": 4, "item": "VWZ1", "description": "product 4", "qty": 300},
          {"_id": 5, "item": "VWZ2", "description": "product 5", "qty": 180}
        ]
        """

    /// Runs `{"$project": {"_id": 0, "v": <expression>}}` on one document and gives `v` (nil
    /// when the expression left it out).
    static func value(_ expression: String, on document: String = "{}") throws -> JSONValue? {
        let output = try PipelineFixture.pipeline(#"[{"$project": {"_id": 0, "v": \#(expression)}}]"#)
            .run(PipelineFixture.documents("[\(document)]"))
        return output.first?["v"]
    }

    // MongoDB manual, $add: "Add Numbers" and "Perform Addition on a Date".
    @Test func addNumbersAndDates() throws {
        let sales = """
            [{"_id": 1, "item": "abc", "price": 10, "fee": 2, "date": {"$date": "2014-03-01T08:00:00Z"}},
             {"_id": 2, "item": "jkl", "price": 20, "fee": 1, "date": {"$date": "2014-03-01T09:00:00Z"}},
             {"_id": 3, "item": "xyz", "price": 5, "fee": 0, "date": {"$date": "2014-03-15T09:00:00Z"}}]
            """
        try PipelineFixture.expect(#"[{"$project": {"item": 1, "total": {"$add": ["$price", "$fee"]}}}]"#, on: sales,
                                   gives: #"[{"_id": 1, "item": "abc", "total": 12}, {"_id": 2, "item": "jkl", "total": 21}, {"_id": 3, "item": "xyz", "total": 5}]"#)
        try PipelineFixture.expect(#"[{"$project": {"item": 1, "billing_date": {"$add": ["$date", 259200000]}}}]"#, on: sales, gives: """
            [{"_id": 1, "item": "abc", "billing_date": {"$date": "2014-03-04T08:00:00Z"}},
             {"_id": 2, "item": "jkl", "billing_date": {"$date": "2014-03-04T09:00:00Z"}},
             {"_id": 3, "item": "xyz", "billing_date": {"$date": "2014-03-18T09:00:00Z"}}]
            """)
    }

    // MongoDB manual, $subtract: "Subtract Numbers", "Subtract Milliseconds from a Date", and
    // two dates give the milliseconds between them.
    @Test func subtractNumbersAndDates() throws {
        let sales = """
            [{"_id": 1, "item": "abc", "price": 10, "fee": 2, "discount": 5, "date": {"$date": "2014-03-01T08:00:00Z"}},
             {"_id": 2, "item": "jkl", "price": 20, "fee": 1, "discount": 2, "date": {"$date": "2014-03-01T09:00:00Z"}}]
            """
        try PipelineFixture.expect(#"[{"$project": {"item": 1, "total": {"$subtract": [{"$add": ["$price", "$fee"]}, "$discount"]}}}]"#,
                                   on: sales, gives: #"[{"_id": 1, "item": "abc", "total": 7}, {"_id": 2, "item": "jkl", "total": 19}]"#)
        try PipelineFixture.expect(#"[{"$project": {"item": 1, "dateDifference": {"$subtract": ["$date", 300000]}}}]"#, on: sales, gives: """
            [{"_id": 1, "item": "abc", "dateDifference": {"$date": "2014-03-01T07:55:00Z"}},
             {"_id": 2, "item": "jkl", "dateDifference": {"$date": "2014-03-01T08:55:00Z"}}]
            """)
        #expect(try Self.value(#"{"$subtract": ["$b", "$a"]}"#,
                               on: #"{"a": {"$date": "2014-03-01T08:00:00Z"}, "b": {"$date": "2014-03-01T09:00:00Z"}}"#) == 3_600_000)
    }

    // MongoDB manual, $multiply, $divide ("Divide by a Constant": a double) and $mod.
    @Test func multiplyDivideAndMod() throws {
        try PipelineFixture.expect(#"[{"$project": {"date": 1, "item": 1, "total": {"$multiply": ["$price", "$quantity"]}}}]"#,
                                   on: #"[{"_id": 1, "item": "abc", "price": 10, "quantity": 2}, {"_id": 3, "item": "xyz", "price": 5, "quantity": 10}]"#,
                                   gives: #"[{"_id": 1, "item": "abc", "total": 20}, {"_id": 3, "item": "xyz", "total": 50}]"#)
        try PipelineFixture.expect(#"[{"$project": {"name": 1, "workdays": {"$divide": ["$hours", 8]}}}]"#,
                                   on: #"[{"_id": 1, "name": "A", "hours": 80, "resources": 7}, {"_id": 2, "name": "B", "hours": 40, "resources": 4}]"#,
                                   gives: #"[{"_id": 1, "name": "A", "workdays": 10.0}, {"_id": 2, "name": "B", "workdays": 5.0}]"#)
        try PipelineFixture.expect(#"[{"$project": {"remainder": {"$mod": ["$hours", "$tasks"]}}}]"#,
                                   on: #"[{"_id": 1, "city": "New York", "hours": 80, "tasks": 7}, {"_id": 2, "city": "Singapore", "hours": 40, "tasks": 4}]"#,
                                   gives: #"[{"_id": 1, "remainder": 3}, {"_id": 2, "remainder": 0}]"#)
    }

    // MongoDB's result types: int with int is an int (a double past the long range), with a
    // double a double, with a decimal a decimal; null or missing gives null.
    @Test func arithmeticKeepsMongoDBsTypes() throws {
        #expect(try Self.value(#"{"$add": [1, 2]}"#) == .int(3))
        #expect(try Self.value(#"{"$add": [1, 2.5]}"#) == .double(3.5))
        #expect(try Self.value(#"{"$add": [9223372036854775807, 1]}"#) == .double(9_223_372_036_854_775_808.0))
        #expect(try Self.value(#"{"$multiply": [4294967296, 4294967296]}"#) == .double(18_446_744_073_709_551_616.0))
        #expect(try Self.value(#"{"$subtract": [{"$numberDecimal": "0.3"}, {"$numberDecimal": "0.1"}]}"#) == ["$numberDecimal": "0.2"])
        #expect(try Self.value(#"{"$add": [{"$numberDecimal": "1.50"}, 2]}"#) == ["$numberDecimal": "3.50"])
        #expect(try Self.value(#"{"$divide": [{"$numberDecimal": "1"}, 3]}"#) == ["$numberDecimal": "0.3333333333333333333333333333333333"])
        #expect(try Self.value(#"{"$divide": [{"$numberDecimal": "10"}, {"$numberDecimal": "4"}]}"#) == ["$numberDecimal": "2.5"])
        #expect(try Self.value(#"{"$mod": [{"$numberDecimal": "7.5"}, 2]}"#) == ["$numberDecimal": "1.5"])
        // Decimal128 rounds to 34 digits and keeps an exponent, whatever the operands' range.
        #expect(try Self.value(#"{"$add": [{"$numberDecimal": "1E+100"}, {"$numberDecimal": "1E-100"}]}"#)
            == ["$numberDecimal": "1.000000000000000000000000000000000E+100"])
        #expect(try Self.value(#"{"$add": [{"$numberDecimal": "0.00"}, 5]}"#) == ["$numberDecimal": "5.00"])
        #expect(try Self.value(#"{"$multiply": [{"$numberDecimal": "2.5E-3"}, 4]}"#) == ["$numberDecimal": "0.0100"])
        #expect(try Self.value(#"{"$mod": [{"$numberDecimal": "1E+50"}, 7]}"#) == ["$numberDecimal": "2"])
        #expect(try Self.value(#"{"$mod": [{"$numberDecimal": "1E+6000"}, 7]}"#) == ["$numberDecimal": "1"])
        #expect(try Self.value(#"{"$divide": [6, 3]}"#) == .double(2))
        #expect(try Self.value(#"{"$mod": [-7, 2]}"#) == .int(-1))
        #expect(try Self.value(#"{"$mod": [7.5, 2]}"#) == .double(1.5))
        #expect(try Self.value(#"{"$add": [1, null]}"#) == .null)
        #expect(try Self.value(#"{"$add": [1, "$missing"]}"#) == .null)
        #expect(try Self.value(#"{"$multiply": [1e308, 10]}"#) == ["$numberDouble": "Infinity"])
        #expect(try Self.value(#"{"$avg": [1, 2]}"#) == .double(1.5))
        #expect(try Self.value(#"{"$sum": [1, "a", null, true]}"#) == .int(1))
    }

    // MongoDB manual, $concat, $toUpper and $toLower (null gives null, or "" for the case
    // operators) and $substrBytes.
    @Test func stringOperators() throws {
        try PipelineFixture.expect(#"[{"$project": {"itemDescription": {"$concat": ["$item", " - ", "$description"]}}}]"#, on: """
            [{"_id": 1, "item": "ABC1", "quarter": "13Q1", "description": "product 1"},
             {"_id": 3, "item": "XYZ1", "quarter": "14Q2", "description": null}]
            """, gives: #"[{"_id": 1, "itemDescription": "ABC1 - product 1"}, {"_id": 3, "itemDescription": null}]"#)
        let inventory = """
            [{"_id": 1, "item": "ABC1", "quarter": "13Q1", "description": "PRODUCT 1"},
             {"_id": 2, "item": "abc2", "quarter": "13Q4", "description": "Product 2"},
             {"_id": 3, "item": "xyz1", "quarter": "14Q2", "description": null}]
            """
        try PipelineFixture.expect(#"[{"$project": {"item": {"$toUpper": "$item"}, "description": {"$toUpper": "$description"}}}]"#,
                                   on: inventory, gives: """
            [{"_id": 1, "item": "ABC1", "description": "PRODUCT 1"}, {"_id": 2, "item": "ABC2", "description": "PRODUCT 2"},
             {"_id": 3, "item": "XYZ1", "description": ""}]
            """)
        try PipelineFixture.expect(#"[{"$project": {"item": {"$toLower": "$item"}, "description": {"$toLower": "$description"}}}]"#,
                                   on: inventory, gives: """
            [{"_id": 1, "item": "abc1", "description": "product 1"}, {"_id": 2, "item": "abc2", "description": "product 2"},
             {"_id": 3, "item": "xyz1", "description": ""}]
            """)
        #expect(try Self.value(#"{"$substrBytes": ["$s", 0, 2]}"#, on: #"{"s": "éa"}"#) == "é")
        #expect(try Self.value(#"{"$substrCP": ["$s", 1, 5]}"#, on: #"{"s": "éab"}"#) == "ab")
        #expect(try Self.value(#"{"$substr": ["$s", 2, -1]}"#, on: #"{"s": "abcd"}"#) == "cd")
    }

    // MongoDB manual, $cmp, $eq, $gt and the boolean operators $and, $or, $not.
    @Test func comparisonAndBooleanOperators() throws {
        try PipelineFixture.expect("""
            [{"$project": {"item": 1, "_id": 0, "cmpTo250": {"$cmp": ["$qty", 250]}, "qtyEq250": {"$eq": ["$qty", 250]},
                           "qtyGt250": {"$gt": ["$qty", 250]}, "qtyLte250": {"$lte": ["$qty", 250]},
                           "and": {"$and": [{"$gt": ["$qty", 100]}, {"$lt": ["$qty", 250]}]},
                           "or": {"$or": [{"$gt": ["$qty", 250]}, {"$lt": ["$qty", 200]}]},
                           "not": {"$not": [{"$gt": ["$qty", 250]}]}}}]
            """, on: Self.inventory, gives: """
            [
              {"item": "abc1", "cmpTo250": 1, "qtyEq250": false, "qtyGt250": true, "qtyLte250": false, "and": false, "or": true, "not": false},
              {"item": "abc2", "cmpTo250": -1, "qtyEq250": false, "qtyGt250": false, "qtyLte250": true, "and": true, "or": false, "not": true},
              {"item": "xyz1", "cmpTo250": 0, "qtyEq250": true, "qtyGt250": false, "qtyLte250": true, "and": false, "or": false, "not": true},
              {"item": "VWZ1", "cmpTo250": 1, "qtyEq250": false, "qtyGt250": true, "qtyLte250": false, "and": false, "or": true, "not": false},
              {"item": "VWZ2", "cmpTo250": -1, "qtyEq250": false, "qtyGt250": false, "qtyLte250": true, "and": true, "or": true, "not": true}
            ]
            """)
        // Across types in BSON order; missing is below null and equals only missing; 0, null and
        // missing are false, an empty array true.
        #expect(try Self.value(#"{"$lt": [5, "5"]}"#) == true)
        #expect(try Self.value(#"{"$eq": [1, 1.0]}"#) == true)
        #expect(try Self.value(#"{"$eq": ["$missing", null]}"#) == false)
        #expect(try Self.value(#"{"$lt": ["$missing", null]}"#) == true)
        #expect(try Self.value(#"{"$and": [1, [], "a"]}"#) == true)
        #expect(try Self.value(#"{"$or": [0, null, "$missing", {"$numberDecimal": "0"}]}"#) == false)
        #expect(try Self.value(#"{"$and": []}"#) == true)
    }

    // MongoDB manual, $cond (both forms) and $ifNull.
    @Test func conditionalOperators() throws {
        let inventory = #"[{"_id": 1, "item": "abc1", "qty": 300}, {"_id": 2, "item": "abc2", "qty": 200}, {"_id": 3, "item": "xyz1", "qty": 250}]"#
        let expected = #"[{"_id": 1, "item": "abc1", "discount": 30}, {"_id": 2, "item": "abc2", "discount": 20}, {"_id": 3, "item": "xyz1", "discount": 30}]"#
        try PipelineFixture.expect(#"[{"$project": {"item": 1, "discount": {"$cond": {"if": {"$gte": ["$qty", 250]}, "then": 30, "else": 20}}}}]"#,
                                   on: inventory, gives: expected)
        try PipelineFixture.expect(#"[{"$project": {"item": 1, "discount": {"$cond": [{"$gte": ["$qty", 250]}, 30, 20]}}}]"#,
                                   on: inventory, gives: expected)
        try PipelineFixture.expect(#"[{"$project": {"item": 1, "description": {"$ifNull": ["$description", "Unspecified"]}}}]"#, on: """
            [{"_id": 1, "item": "buggy", "description": "toy car", "quantity": 300},
             {"_id": 2, "item": "bicycle", "description": null, "quantity": 200},
             {"_id": 3, "item": "flag"}]
            """, gives: """
            [{"_id": 1, "item": "buggy", "description": "toy car"}, {"_id": 2, "item": "bicycle", "description": "Unspecified"},
             {"_id": 3, "item": "flag", "description": "Unspecified"}]
            """)
        #expect(try Self.value(#"{"$ifNull": ["$a", null, "$b", 0]}"#, on: #"{"b": 7}"#) == 7)
    }

    // MongoDB manual, $size (with $isArray), $arrayElemAt, $in, $concatArrays and $literal.
    @Test func arrayOperatorsAndLiterals() throws {
        try PipelineFixture.expect("""
            [{"$project": {"item": 1, "numberOfColors": {"$cond": {"if": {"$isArray": "$colors"}, "then": {"$size": "$colors"}, "else": "NA"}}}}]
            """, on: """
            [{"_id": 1, "item": "ABC1", "description": "product 1", "colors": ["blue", "black", "red"]},
             {"_id": 2, "item": "ABC2", "description": "product 2", "colors": ["purple"]},
             {"_id": 3, "item": "XYZ1", "description": "product 3", "colors": []},
             {"_id": 4, "item": "ZZZ1", "description": "product 4 - missing colors"},
             {"_id": 5, "item": "ZZZ2", "description": "product 5 - colors is string", "colors": "blue,red"}]
            """, gives: """
            [{"_id": 1, "item": "ABC1", "numberOfColors": 3}, {"_id": 2, "item": "ABC2", "numberOfColors": 1},
             {"_id": 3, "item": "XYZ1", "numberOfColors": 0}, {"_id": 4, "item": "ZZZ1", "numberOfColors": "NA"},
             {"_id": 5, "item": "ZZZ2", "numberOfColors": "NA"}]
            """)
        try PipelineFixture.expect("""
            [{"$project": {"name": 1, "first": {"$arrayElemAt": ["$favorites", 0]}, "last": {"$arrayElemAt": ["$favorites", -1]},
                           "tenth": {"$arrayElemAt": ["$favorites", 10]}}}]
            """, on: """
            [{"_id": 1, "name": "dave123", "favorites": ["chocolate", "cake", "butter", "apples"]},
             {"_id": 4, "name": "ty", "favorites": ["ice cream"]}]
            """, gives: """
            [{"_id": 1, "name": "dave123", "first": "chocolate", "last": "apples"},
             {"_id": 4, "name": "ty", "first": "ice cream", "last": "ice cream"}]
            """)
        try PipelineFixture.expect(#"[{"$project": {"store location": "$location", "has bananas": {"$in": ["bananas", "$in_stock"]}}}]"#, on: """
            [{"_id": 1, "location": "24th Street", "in_stock": ["apples", "oranges", "bananas"]},
             {"_id": 2, "location": "36th Street", "in_stock": ["bananas", "pears", "grapes"]},
             {"_id": 3, "location": "82nd Street", "in_stock": ["cantaloupes", "watermelons", "apples"]}]
            """, gives: """
            [{"_id": 1, "store location": "24th Street", "has bananas": true}, {"_id": 2, "store location": "36th Street", "has bananas": true},
             {"_id": 3, "store location": "82nd Street", "has bananas": false}]
            """)
        try PipelineFixture.expect(#"[{"$project": {"items": {"$concatArrays": ["$instock", "$ordered"]}}}]"#, on: """
            [{"_id": 1, "instock": ["chocolate"], "ordered": ["butter", "apples"]}, {"_id": 2, "instock": ["apples", "pudding", "pie"]},
             {"_id": 4, "instock": ["ice cream"], "ordered": []}]
            """, gives: #"[{"_id": 1, "items": ["chocolate", "butter", "apples"]}, {"_id": 2, "items": null}, {"_id": 4, "items": ["ice cream"]}]"#)
        try PipelineFixture.expect(#"[{"$project": {"costsOneDollar": {"$eq": ["$price", {"$literal": "$1"}]}}}]"#, on: """
            [{"_id": 1, "item": "abc123", "price": "$2.50"}, {"_id": 2, "item": "xyz123", "price": "1"}, {"_id": 3, "item": "ijk123", "price": "$1"}]
            """, gives: #"[{"_id": 1, "costsOneDollar": false}, {"_id": 2, "costsOneDollar": false}, {"_id": 3, "costsOneDollar": true}]"#)
    }

    // MongoDB manual, the date operators ($year … $millisecond, $dayOfYear, $dayOfWeek) and
    // $dateToString, in UTC.
    @Test func dateOperators() throws {
        let sale = #"[{"_id": 1, "item": "abc", "price": 10, "quantity": 2, "date": {"$date": "2014-01-01T08:15:39.736Z"}}]"#
        try PipelineFixture.expect("""
            [{"$project": {"year": {"$year": "$date"}, "month": {"$month": "$date"}, "day": {"$dayOfMonth": "$date"},
                           "hour": {"$hour": "$date"}, "minutes": {"$minute": "$date"}, "seconds": {"$second": "$date"},
                           "milliseconds": {"$millisecond": "$date"}, "dayOfYear": {"$dayOfYear": {"date": "$date"}},
                           "dayOfWeek": {"$dayOfWeek": ["$date"]}}}]
            """, on: sale, gives: """
            [{"_id": 1, "year": 2014, "month": 1, "day": 1, "hour": 8, "minutes": 15, "seconds": 39, "milliseconds": 736,
              "dayOfYear": 1, "dayOfWeek": 4}]
            """)
        try PipelineFixture.expect("""
            [{"$project": {"yearMonthDayUTC": {"$dateToString": {"format": "%Y-%m-%d", "date": "$date"}},
                           "default": {"$dateToString": {"date": "$date", "timezone": "UTC"}},
                           "other": {"$dateToString": {"date": "$none", "onNull": "no date"}}}}]
            """, on: sale, gives: """
            [{"_id": 1, "yearMonthDayUTC": "2014-01-01", "default": "2014-01-01T08:15:39.736Z", "other": "no date"}]
            """)
        #expect(try Self.value(#"{"$dayOfYear": "$d"}"#, on: #"{"d": {"$date": "2016-12-31T23:59:59Z"}}"#) == 366)
        #expect(try Self.value(#"{"$year": "$d"}"#, on: #"{"d": {"$date": "1969-12-31T23:59:59Z"}}"#) == 1969)
        #expect(try Self.value(#"{"$dayOfWeek": "$d"}"#, on: #"{"d": {"$date": "1969-12-31T23:59:59Z"}}"#) == 4)
        #expect(try Self.value(#"{"$year": "$d"}"#) == .null)
    }

    @Test func expressionsNotServedAreRefusedByName() {
        func refusal(_ expression: String, on document: String = "{}") -> DocumentError? {
            PipelineFixture.refusal(#"[{"$project": {"v": \#(expression)}}]"#, on: "[\(document)]")
        }
        for name in ["$map", "$filter", "$let", "$function", "$regexMatch", "$week"] {
            #expect(refusal("{\"\(name)\": []}") == .invalid("unknown expression operator '\(name)'"))
        }
        #expect(refusal(#""$$NOW""#) == .invalid("unknown variable '$$NOW'"))
        #expect(refusal(#""$$REMOVE.a""#) == .invalid("unknown variable '$$REMOVE.a'"))
        #expect(refusal(#""$""#) == .invalid("'$' is not a field path"))
        #expect(refusal(#""$a..b""#) == .invalid("'a..b' is not a field path"))
        #expect(refusal(#"{"$add": 1, "$subtract": 2}"#)
            == .invalid("an expression object holds exactly one operator, not several fields ($add, $subtract)"))
        #expect(refusal(#"{"$ifNull": [null, {"c": {"d.e": 1}}]}"#) == .invalid("field names in an expression object may not contain '.' ('d.e')"))
        #expect(refusal(#"{"$subtract": [1, 2, 3]}"#) == .invalid("$subtract takes exactly 2 arguments, not 3"))
        #expect(refusal(#"{"$toUpper": ["a", "b"]}"#) == .invalid("$toUpper takes exactly 1 argument, not 2"))
        #expect(refusal(#"{"$ifNull": ["$a"]}"#) == .invalid("$ifNull takes at least 2 arguments, not 1"))
        #expect(refusal(#"{"$cond": {"if": true, "then": 1}}"#) == .missing("else' of '$cond"))
        #expect(refusal(#"{"$cond": {"if": true, "then": 1, "else": 2, "when": 3}}"#) == .invalid("$cond takes if, then and else, not 'when'"))
        #expect(refusal(#"{"$year": {"date": "$d", "timezone": "Europe/Paris"}}"#)
            == .invalid("$year works in UTC only: time zones are not served"))
        #expect(refusal(#"{"$dateToString": {"date": "$d", "format": "%Q"}}"#)
            == .invalid("$dateToString does not serve that format specifier ('%Q')"))
        // Found when a document is computed.
        #expect(refusal(#"{"$add": ["$s", 1]}"#, on: #"{"s": "x"}"#) == .invalid("$add takes numbers and a date, not string"))
        #expect(refusal(#"{"$add": ["$d", "$d"]}"#, on: #"{"d": {"$date": 0}}"#) == .invalid("$add takes at most one date"))
        #expect(refusal(#"{"$subtract": [1, "$d"]}"#, on: #"{"d": {"$date": 0}}"#) == .invalid("$subtract cannot subtract a date from an int"))
        #expect(refusal(#"{"$divide": [1, 0]}"#) == .invalid("cannot $divide by zero"))
        #expect(refusal(#"{"$mod": [1, 0.0]}"#) == .invalid("cannot $mod by zero"))
        #expect(refusal(#"{"$size": "$missing"}"#) == .invalid("$size takes an array, not missing"))
        #expect(refusal(#"{"$concat": ["a", 1]}"#) == .invalid("$concat takes strings, not int"))
        #expect(refusal(#"{"$in": [1, "$missing"]}"#) == .invalid("$in takes an array as its second argument, not missing"))
        #expect(refusal(#"{"$arrayElemAt": [[1], 0.5]}"#) == .invalid("$arrayElemAt takes a whole number as its index, not double"))
        #expect(refusal(#"{"$year": "x"}"#) == .invalid("$year takes a date, not string"))
        #expect(refusal(#"{"$substrBytes": ["é", 1, 1]}"#) == .invalid("$substrBytes would split a UTF-8 character"))
    }
}
