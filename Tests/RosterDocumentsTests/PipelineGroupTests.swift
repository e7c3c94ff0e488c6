import RosterDocuments
import RosterWire
import Testing

/// `$group` and its accumulators, from the MongoDB manual's examples. MongoDB does not order
/// `$group`'s output; Roster gives groups in order of first appearance, so the expected lists
/// below are in that order (which the manual's listings sometimes are not).
@Suite struct PipelineGroupTests {
    /// The manual's `$group` page (5.0 and later): `sales`, with Decimal128 prices.
    static let sales = """
        [
          {"_id": 1, "item": "abc", "price": {"$numberDecimal": "10"}, "quantity": 2, "date": {"$date": "2014-03-01T08:00:00Z"}},
          {"_id": 2, "item": "jkl", "price": {"$numberDecimal": "20"}, "quantity": 1, "date": {"$date": "2014-03-01T09:00:00Z"}},
          {"_id": 3, "item": "xyz", "price": {"$numberDecimal": "5"}, "quantity": 10, "date": {"$date": "2014-03-15T09:00:00Z"}},
          {"_id": 4, "item": "xyz", "price": {"$numberDecimal": "5"}, "quantity": 20, "date": {"$date": "2014-04-04T11:21:39.736Z"}},
          {"_id": 5, "item": "abc", "price": {"$numberDecimal": "10"}, "quantity": 10, "date": {"$date": "2014-04-04T21:23:13.331Z"}},
          {"_id": 6, "item": "def", "price": {"$numberDecimal": "7.5"}, "quantity": 5, "date": {"$date": "2015-06-04T05:08:13Z"}},
          {"_id": 7, "item": "def", "price": {"$numberDecimal": "7.5"}, "quantity": 10, "date": {"$date": "2015-09-10T08:43:00Z"}},
          {"_id": 8, "item": "abc", "price": {"$numberDecimal": "10"}, "quantity": 5, "date": {"$date": "2016-02-06T20:20:13Z"}}
        ]
        """

    /// The accumulator pages' `sales` ($sum, $avg, $min, $max, $first, $last).
    static let smallSales = """
        [
          {"_id": 1, "item": "abc", "price": 10, "quantity": 2, "date": {"$date": "2014-01-01T08:00:00Z"}},
          {"_id": 2, "item": "jkl", "price": 20, "quantity": 1, "date": {"$date": "2014-02-03T09:00:00Z"}},
          {"_id": 3, "item": "xyz", "price": 5, "quantity": 5, "date": {"$date": "2014-02-03T09:05:00Z"}},
          {"_id": 4, "item": "abc", "price": 10, "quantity": 10, "date": {"$date": "2014-02-15T08:00:00Z"}},
          {"_id": 5, "item": "xyz", "price": 5, "quantity": 10, "date": {"$date": "2014-02-15T09:05:00Z"}}
        ]
        """

    /// The `$group` page's `books`.
    static let books = """
        [
          {"_id": 8751, "title": "The Banquet", "author": "Dante", "copies": 2},
          {"_id": 8752, "title": "Divine Comedy", "author": "Dante", "copies": 1},
          {"_id": 8645, "title": "Eclogues", "author": "Dante", "copies": 2},
          {"_id": 7000, "title": "The Odyssey", "author": "Homer", "copies": 10},
          {"_id": 7020, "title": "Iliad", "author": "Homer", "copies": 10}
        ]
        """

    /// The accumulator pages' `students` ($sum, $avg, $max in `$project`).
    static let students = """
        [
          {"_id": 1, "quizzes": [10, 6, 7], "labs": [5, 8], "final": 80, "midterm": 75},
          {"_id": 2, "quizzes": [9, 10], "labs": [8, 8], "final": 95, "midterm": 80},
          {"_id": 3, "quizzes": [4, 5, 5], "labs": [6, 5], "final": 78, "midterm": 70}
        ]
        """

    // MongoDB manual, $group: "Count the Number of Documents in a Collection" ($count: {}).
    @Test func countAccumulatorCountsEveryDocument() throws {
        try PipelineFixture.expect(#"[{"$group": {"_id": null, "count": {"$count": {}}}}]"#,
                                   on: Self.sales, gives: #"[{"_id": null, "count": 8}]"#)
    }

    /// Embedded documents are told apart field by field in their order, as MongoDB compares
    /// them: `{a: 1, b: 2}` and `{b: 2, a: 1}` are two groups and two members of a set, while
    /// numbers are one by value inside them too (1 and 1.0), and an array is never an object.
    @Test func groupKeysAndSetsMindTheOrderOfAnEmbeddedDocument() throws {
        let documents = #"""
            [{"_id": 1, "k": {"a": 1, "b": 2}}, {"_id": 2, "k": {"b": 2, "a": 1}}, {"_id": 3, "k": {"a": 1.0, "b": 2}},
             {"_id": 4, "k": ["object", "a", 1]}]
            """#
        try PipelineFixture.expect(#"[{"$group": {"_id": "$k", "n": {"$sum": 1}}}]"#, on: documents, gives: #"""
            [{"_id": {"a": 1, "b": 2}, "n": 2}, {"_id": {"b": 2, "a": 1}, "n": 1}, {"_id": ["object", "a", 1], "n": 1}]
            """#)
        try PipelineFixture.expect(#"[{"$group": {"_id": null, "set": {"$addToSet": "$k"}}}]"#, on: documents, gives: #"""
            [{"_id": null, "set": [{"a": 1, "b": 2}, {"b": 2, "a": 1}, ["object", "a", 1]]}]
            """#)
    }

    // MongoDB manual, $group: "Group and Count Documents By Field" (a $cond key).
    @Test func groupsByAComputedKey() throws {
        try PipelineFixture.expect("""
            [{"$group": {"_id": {"$cond": {"if": {"$gte": ["$price", {"$numberDecimal": "10"}]},
                                            "then": "Price >= 10", "else": "Price < 10"}},
                         "count": {"$sum": 1}}}]
            """, on: Self.sales, gives: #"[{"_id": "Price >= 10", "count": 4}, {"_id": "Price < 10", "count": 4}]"#)
    }

    // MongoDB manual, $group: "Retrieve Distinct Values" (the manual lists abc, jkl, def, xyz).
    @Test func groupByAFieldGivesItsDistinctValues() throws {
        try PipelineFixture.expect(#"[{"$group": {"_id": "$item"}}]"#, on: Self.sales,
                                   gives: #"[{"_id": "abc"}, {"_id": "jkl"}, {"_id": "xyz"}, {"_id": "def"}]"#)
    }

    // MongoDB manual, $group: "Group by Item Having" (Decimal128 sums, then $match).
    @Test func groupThenMatchIsHaving() throws {
        try PipelineFixture.expect("""
            [{"$group": {"_id": "$item", "totalSaleAmount": {"$sum": {"$multiply": ["$price", "$quantity"]}}}},
             {"$match": {"totalSaleAmount": {"$gte": 100}}}]
            """, on: Self.sales, gives: """
            [
              {"_id": "abc", "totalSaleAmount": {"$numberDecimal": "170"}},
              {"_id": "xyz", "totalSaleAmount": {"$numberDecimal": "150"}},
              {"_id": "def", "totalSaleAmount": {"$numberDecimal": "112.5"}}
            ]
            """)
    }

    // MongoDB manual, $group: "Group by null" (a Decimal128 total, a double average).
    @Test func groupByNullAccumulatesEverything() throws {
        try PipelineFixture.expect("""
            [{"$group": {"_id": null,
                         "totalSaleAmount": {"$sum": {"$multiply": ["$price", "$quantity"]}},
                         "averageQuantity": {"$avg": "$quantity"},
                         "count": {"$sum": 1}}}]
            """, on: Self.sales, gives: """
            [{"_id": null, "totalSaleAmount": {"$numberDecimal": "452.5"}, "averageQuantity": 7.875, "count": 8}]
            """)
    }

    // MongoDB manual, $group: "Pivot Data", "Group title by author" (the manual lists Homer first).
    @Test func pushCollectsAFieldPerGroup() throws {
        try PipelineFixture.expect(#"[{"$group": {"_id": "$author", "books": {"$push": "$title"}}}]"#, on: Self.books, gives: """
            [
              {"_id": "Dante", "books": ["The Banquet", "Divine Comedy", "Eclogues"]},
              {"_id": "Homer", "books": ["The Odyssey", "Iliad"]}
            ]
            """)
    }

    // MongoDB manual, $group: "Pivot Data", "Group Documents by author" ($$ROOT, then $addFields).
    @Test func pushRootCollectsWholeDocuments() throws {
        try PipelineFixture.expect("""
            [{"$group": {"_id": "$author", "books": {"$push": "$$ROOT"}}},
             {"$addFields": {"totalCopies": {"$sum": "$books.copies"}}}]
            """, on: Self.books, gives: """
            [
              {"_id": "Dante", "books": [
                {"_id": 8751, "title": "The Banquet", "author": "Dante", "copies": 2},
                {"_id": 8752, "title": "Divine Comedy", "author": "Dante", "copies": 1},
                {"_id": 8645, "title": "Eclogues", "author": "Dante", "copies": 2}], "totalCopies": 5},
              {"_id": "Homer", "books": [
                {"_id": 7000, "title": "The Odyssey", "author": "Homer", "copies": 10},
                {"_id": 7020, "title": "Iliad", "author": "Homer", "copies": 10}], "totalCopies": 20}
            ]
            """)
    }

    // MongoDB manual, $sum: "Use in $group Stage" (a document key of date parts), and $sum of
    // a field no document has.
    @Test func sumTotalsAndCounts() throws {
        let key = #""_id": {"day": {"$dayOfYear": "$date"}, "year": {"$year": "$date"}}"#
        try PipelineFixture.expect("""
            [{"$group": {\(key), "totalAmount": {"$sum": {"$multiply": ["$price", "$quantity"]}}, "count": {"$sum": 1}}}]
            """, on: Self.smallSales, gives: """
            [
              {"_id": {"day": 1, "year": 2014}, "totalAmount": 20, "count": 1},
              {"_id": {"day": 34, "year": 2014}, "totalAmount": 45, "count": 2},
              {"_id": {"day": 46, "year": 2014}, "totalAmount": 150, "count": 2}
            ]
            """)
        try PipelineFixture.expect("""
            [{"$group": {\(key), "totalAmount": {"$sum": "$qty"}, "count": {"$sum": 1}}}]
            """, on: Self.smallSales, gives: """
            [
              {"_id": {"day": 1, "year": 2014}, "totalAmount": 0, "count": 1},
              {"_id": {"day": 34, "year": 2014}, "totalAmount": 0, "count": 2},
              {"_id": {"day": 46, "year": 2014}, "totalAmount": 0, "count": 2}
            ]
            """)
    }

    // MongoDB manual, $sum: "Non-Numeric or Non-Existent Fields" and "Array Operand": in $group
    // strings, null and arrays are not numbers; int with double is a double.
    @Test func sumIgnoresWhatIsNotANumber() throws {
        try PipelineFixture.expect(#"[{"$group": {"_id": null, "total": {"$sum": "$v"}, "n": {"$sum": 1}}}]"#,
                                   on: #"[{"v": 1}, {"v": "2"}, {"v": null}, {"v": [3, 4]}, {"v": 2.5}, {}]"#,
                                   gives: #"[{"_id": null, "total": 3.5, "n": 6}]"#)
    }

    // MongoDB manual, $avg: "Use in $group Stage".
    @Test func avgIsADouble() throws {
        try PipelineFixture.expect("""
            [{"$group": {"_id": "$item", "avgAmount": {"$avg": {"$multiply": ["$price", "$quantity"]}},
                         "avgQuantity": {"$avg": "$quantity"}}}]
            """, on: Self.smallSales, gives: """
            [
              {"_id": "abc", "avgAmount": 60.0, "avgQuantity": 6.0},
              {"_id": "jkl", "avgAmount": 20.0, "avgQuantity": 1.0},
              {"_id": "xyz", "avgAmount": 37.5, "avgQuantity": 7.5}
            ]
            """)
        // "If all of the operands for the average are non-numeric, $avg returns null."
        try PipelineFixture.expect(#"[{"$group": {"_id": null, "a": {"$avg": "$missing"}}}]"#, on: Self.smallSales,
                                   gives: #"[{"_id": null, "a": null}]"#)
    }

    // MongoDB manual, $max and $min: "Use in $group Stage".
    @Test func maxAndMinPerGroup() throws {
        try PipelineFixture.expect("""
            [{"$group": {"_id": "$item", "maxTotalAmount": {"$max": {"$multiply": ["$price", "$quantity"]}},
                         "maxQuantity": {"$max": "$quantity"}, "minQuantity": {"$min": "$quantity"}}}]
            """, on: Self.smallSales, gives: """
            [
              {"_id": "abc", "maxTotalAmount": 100, "maxQuantity": 10, "minQuantity": 2},
              {"_id": "jkl", "maxTotalAmount": 20, "maxQuantity": 1, "minQuantity": 1},
              {"_id": "xyz", "maxTotalAmount": 50, "maxQuantity": 10, "minQuantity": 5}
            ]
            """)
        // "If all documents ... have null value for the field or are missing the field, the
        // operator returns null"; otherwise only the other values count.
        try PipelineFixture.expect(#"[{"$group": {"_id": null, "hi": {"$max": "$v"}, "lo": {"$min": "$v"}, "none": {"$max": "$w"}}}]"#,
                                   on: #"[{"v": null}, {"v": 3}, {}, {"v": "a"}, {"v": 1, "w": null}]"#,
                                   gives: #"[{"_id": null, "hi": "a", "lo": 1, "none": null}]"#)
    }

    // MongoDB manual, $first and $last (accumulators): the first and last value of each group
    // in input order; a missing value is null.
    @Test func firstAndLastFollowTheInputOrder() throws {
        try PipelineFixture.expect("""
            [{"$group": {"_id": "$item", "firstSalesDate": {"$first": "$date"}, "lastSalesDate": {"$last": "$date"}}}]
            """, on: Self.smallSales, gives: """
            [
              {"_id": "abc", "firstSalesDate": {"$date": "2014-01-01T08:00:00Z"}, "lastSalesDate": {"$date": "2014-02-15T08:00:00Z"}},
              {"_id": "jkl", "firstSalesDate": {"$date": "2014-02-03T09:00:00Z"}, "lastSalesDate": {"$date": "2014-02-03T09:00:00Z"}},
              {"_id": "xyz", "firstSalesDate": {"$date": "2014-02-03T09:05:00Z"}, "lastSalesDate": {"$date": "2014-02-15T09:05:00Z"}}
            ]
            """)
        try PipelineFixture.expect(#"[{"$group": {"_id": "$item", "q": {"$first": "$quantity"}, "z": {"$last": "$quantity"}}}]"#,
                                   on: #"[{"item": "a"}, {"item": "a", "quantity": 2}, {"quantity": 3}]"#,
                                   gives: #"[{"_id": "a", "q": null, "z": 2}, {"_id": null, "q": 3, "z": 3}]"#)
    }

    // MongoDB manual, $push: "Push Values of a Single Field" and "Push Documents".
    @Test func pushValuesAndDocuments() throws {
        let users = """
            [{"_id": 1, "user": "Jan", "age": 25, "score": 80}, {"_id": 2, "user": "Mel", "age": 35, "score": 70},
             {"_id": 3, "user": "Ty", "age": 20, "score": 102}, {"_id": 4, "user": "Lee", "age": 25, "score": 45}]
            """
        try PipelineFixture.expect(#"[{"$group": {"_id": "$age", "users": {"$push": "$user"}}}]"#, on: users,
                                   gives: #"[{"_id": 25, "users": ["Jan", "Lee"]}, {"_id": 35, "users": ["Mel"]}, {"_id": 20, "users": ["Ty"]}]"#)
        try PipelineFixture.expect(#"[{"$group": {"_id": "$age", "users": {"$push": {"userid": "$user", "score": "$score"}}}}]"#,
                                   on: users, gives: """
            [
              {"_id": 25, "users": [{"userid": "Jan", "score": 80}, {"userid": "Lee", "score": 45}]},
              {"_id": 35, "users": [{"userid": "Mel", "score": 70}]},
              {"_id": 20, "users": [{"userid": "Ty", "score": 102}]}
            ]
            """)
    }

    // MongoDB manual, $addToSet: the products example (each value once; Roster keeps the order
    // values first appeared in, where MongoDB leaves it undefined).
    @Test func addToSetKeepsEachValueOnce() throws {
        try PipelineFixture.expect("""
            [{"$group": {"_id": "$type", "price": {"$addToSet": "$price"}, "stocked": {"$addToSet": "$stocked"}}}]
            """, on: """
            [{"type": "phone", "price": 389.99, "stocked": 270000}, {"type": "phone", "price": 376.99, "stocked": 97000},
             {"type": "phone", "price": 389.99, "stocked": 97000}, {"type": "chair", "price": 59.99, "stocked": 108}]
            """, gives: """
            [
              {"_id": "phone", "price": [389.99, 376.99], "stocked": [270000, 97000]},
              {"_id": "chair", "price": [59.99], "stocked": [108]}
            ]
            """)
    }

    // MongoDB manual, $count (aggregation accumulator): the cakeSales collection by state.
    @Test func countAccumulatorPerGroup() throws {
        try PipelineFixture.expect(#"[{"$group": {"_id": "$state", "countNumberOfDocumentsForState": {"$count": {}}}}]"#, on: """
            [
              {"_id": 0, "type": "chocolate", "orderDate": {"$date": "2020-05-18T14:10:30Z"}, "state": "CA", "price": 13, "quantity": 120},
              {"_id": 1, "type": "chocolate", "orderDate": {"$date": "2021-03-20T11:30:05Z"}, "state": "WA", "price": 14, "quantity": 140},
              {"_id": 2, "type": "vanilla", "orderDate": {"$date": "2021-01-11T06:31:15Z"}, "state": "CA", "price": 12, "quantity": 145},
              {"_id": 3, "type": "vanilla", "orderDate": {"$date": "2020-02-08T13:13:23Z"}, "state": "WA", "price": 13, "quantity": 104},
              {"_id": 4, "type": "strawberry", "orderDate": {"$date": "2019-05-18T16:09:01Z"}, "state": "CA", "price": 41, "quantity": 162},
              {"_id": 5, "type": "strawberry", "orderDate": {"$date": "2019-01-08T06:12:03Z"}, "state": "WA", "price": 43, "quantity": 134}
            ]
            """, gives: #"[{"_id": "CA", "countNumberOfDocumentsForState": 3}, {"_id": "WA", "countNumberOfDocumentsForState": 3}]"#)
    }

    // MongoDB manual, $sum, $avg and $max: "Use in $project Stage" (an array operand's
    // elements; several operands each).
    @Test func sumAvgAndMaxAsExpressions() throws {
        try PipelineFixture.expect("""
            [{"$project": {"quizTotal": {"$sum": "$quizzes"}, "labTotal": {"$sum": "$labs"}, "examTotal": {"$sum": ["$final", "$midterm"]}}}]
            """, on: Self.students, gives: """
            [{"_id": 1, "quizTotal": 23, "labTotal": 13, "examTotal": 155},
             {"_id": 2, "quizTotal": 19, "labTotal": 16, "examTotal": 175},
             {"_id": 3, "quizTotal": 14, "labTotal": 11, "examTotal": 148}]
            """)
        try PipelineFixture.expect("""
            [{"$project": {"quizAvg": {"$avg": "$quizzes"}, "labAvg": {"$avg": "$labs"}, "examAvg": {"$avg": ["$final", "$midterm"]}}}]
            """, on: Self.students, gives: """
            [{"_id": 1, "quizAvg": 7.666666666666667, "labAvg": 6.5, "examAvg": 77.5},
             {"_id": 2, "quizAvg": 9.5, "labAvg": 8.0, "examAvg": 87.5},
             {"_id": 3, "quizAvg": 4.666666666666667, "labAvg": 5.5, "examAvg": 74.0}]
            """)
        try PipelineFixture.expect("""
            [{"$project": {"quizMax": {"$max": "$quizzes"}, "labMax": {"$max": "$labs"}, "examMax": {"$max": ["$final", "$midterm"]}}}]
            """, on: Self.students, gives: """
            [{"_id": 1, "quizMax": 10, "labMax": 8, "examMax": 80},
             {"_id": 2, "quizMax": 10, "labMax": 8, "examMax": 95},
             {"_id": 3, "quizMax": 5, "labMax": 6, "examMax": 78}]
            """)
        // "If the $sum operand is [ 2, [ 3, 4 ] ], $sum returns 2."
        try PipelineFixture.expect(#"[{"$project": {"_id": 0, "s": {"$sum": {"$literal": [2, [3, 4]]}}}}]"#, on: "[{}]",
                                   gives: #"[{"s": 2}]"#)
    }

    // MongoDB's grouping compares values, not their types: 1, 1.0 and Decimal128 "1.00" are one
    // key (the first one seen is the _id); a document key of one field is null when missing.
    @Test func groupKeysCompareByValue() throws {
        try PipelineFixture.expect(#"[{"$group": {"_id": "$k", "n": {"$sum": 1}}}]"#,
                                   on: #"[{"k": 1}, {"k": 1.0}, {"k": {"$numberDecimal": "1.00"}}, {"k": null}, {}, {"k": [1]}]"#,
                                   gives: #"[{"_id": 1, "n": 3}, {"_id": null, "n": 2}, {"_id": [1], "n": 1}]"#)
        try PipelineFixture.expect(#"[{"$group": {"_id": {"k": "$k"}}}, {"$group": {"_id": {"k": "$k", "j": "$j"}}}]"#,
                                   on: #"[{"k": 1}, {}]"#, gives: #"[{"_id": {}}]"#)
        try PipelineFixture.expect(#"[{"$group": {"_id": {"k": "$k"}}}]"#, on: #"[{"k": 1}, {}]"#,
                                   gives: #"[{"_id": {"k": 1}}, {"_id": {"k": null}}]"#)
    }

    @Test func malformedGroupsAreRefused() {
        #expect(PipelineFixture.refusal(#"[{"$group": {"n": {"$sum": 1}}}]"#)
            == .invalid("$group needs an _id (null to group every document together)"))
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": null, "n": {"$median": "$a"}}}]"#)
            == .invalid("unknown $group accumulator '$median' ('n')"))
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": null, "n": {"$sum": ["$a", "$b"]}}}]"#)
            == .invalid("the $sum accumulator takes one expression, not an array ('n')"))
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": null, "n": {"$count": {"a": 1}}}}]"#)
            == .invalid(#"$count in $group takes no arguments: {"$count": {}}"#))
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": null, "n": 1}}]"#)
            == .invalid("$group field 'n' takes an object naming one accumulator"))
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": null, "n": {"$sum": 1, "$avg": 1}}}]"#)
            == .invalid("$group field 'n' takes an object naming one accumulator"))
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": null, "a.b": {"$sum": 1}}}]"#)
            == .invalid("$group field names may not be empty, start with '$' or contain '.' ('a.b')"))
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": {"a": 1}}}]"#)
            == .invalid("$group's _id takes expressions, not inclusion flags ('_id.a')"))
        #expect(PipelineFixture.refusal(#"[{"$group": "$a"}]"#)
            == .invalid("$group takes an object with _id and accumulated fields"))
    }

    @Test func groupsPastTheLimitAreRefused() throws {
        let limits = Pipeline.Limits(maximumDocumentsHeld: 2)
        let three = #"[{"a": 1}, {"a": 2}, {"a": 3}]"#
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": "$a"}}]"#, on: three, limits: limits)
            == .limit("$group would hold more than 2 groups"))
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": null, "all": {"$push": "$$ROOT"}}}]"#, on: three, limits: limits)
            == .limit("$push would hold more than 2 values"))
        #expect(PipelineFixture.refusal(#"[{"$group": {"_id": null, "all": {"$addToSet": "$a"}}}]"#, on: three, limits: limits)
            == .limit("$addToSet would hold more than 2 values"))
        // Within the limit, and repeated values do not count against $addToSet.
        let output = try PipelineFixture.pipeline(#"[{"$group": {"_id": null, "all": {"$addToSet": "$a"}}}]"#, limits: limits)
            .run(PipelineFixture.documents(#"[{"a": 1}, {"a": 2}, {"a": 1}]"#))
        #expect(output == [["_id": nil, "all": [1, 2]]])
    }
}
