import RosterDocuments
import RosterWire
import Testing

/// `$unwind`, from the MongoDB manual's examples.
@Suite struct PipelineUnwindTests {
    /// The `$unwind` page's `inventory2` (called `clothing` in older manuals).
    static let inventory = """
        [
          {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": ["S", "M", "L"]},
          {"_id": 2, "item": "EFG", "price": {"$numberDecimal": "120"}, "sizes": []},
          {"_id": 3, "item": "IJK", "price": {"$numberDecimal": "160"}, "sizes": "M"},
          {"_id": 4, "item": "LMN", "price": {"$numberDecimal": "10"}},
          {"_id": 5, "item": "XYZ", "price": {"$numberDecimal": "5.75"}, "sizes": null}
        ]
        """

    // MongoDB manual, $unwind: "Unwind Array".
    @Test func unwindGivesADocumentPerElement() throws {
        try PipelineFixture.expect(#"[{"$unwind": "$sizes"}]"#, on: #"[{"_id": 1, "item": "ABC1", "sizes": ["S", "M", "L"]}]"#, gives: """
            [{"_id": 1, "item": "ABC1", "sizes": "S"}, {"_id": 1, "item": "ABC1", "sizes": "M"}, {"_id": 1, "item": "ABC1", "sizes": "L"}]
            """)
    }

    // MongoDB manual, $unwind: "includeArrayIndex and preserveNullAndEmptyArrays" (the two
    // equivalent forms; a plain value is an array of itself; null, missing and [] give nothing).
    @Test func unwindSkipsNullMissingAndEmpty() throws {
        let expected = """
            [
              {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": "S"},
              {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": "M"},
              {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": "L"},
              {"_id": 3, "item": "IJK", "price": {"$numberDecimal": "160"}, "sizes": "M"}
            ]
            """
        try PipelineFixture.expect(#"[{"$unwind": "$sizes"}]"#, on: Self.inventory, gives: expected)
        try PipelineFixture.expect(#"[{"$unwind": {"path": "$sizes"}}]"#, on: Self.inventory, gives: expected)
    }

    // MongoDB manual, $unwind: "includeArrayIndex" (null for a value that is not an array).
    @Test func unwindIncludesTheArrayIndex() throws {
        try PipelineFixture.expect(#"[{"$unwind": {"path": "$sizes", "includeArrayIndex": "arrayIndex"}}]"#, on: Self.inventory, gives: """
            [
              {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": "S", "arrayIndex": 0},
              {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": "M", "arrayIndex": 1},
              {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": "L", "arrayIndex": 2},
              {"_id": 3, "item": "IJK", "price": {"$numberDecimal": "160"}, "sizes": "M", "arrayIndex": null}
            ]
            """)
    }

    // MongoDB manual, $unwind: "preserveNullAndEmptyArrays" (an empty array is left out of the
    // kept document, null stays).
    @Test func unwindPreservesNullMissingAndEmpty() throws {
        try PipelineFixture.expect(#"[{"$unwind": {"path": "$sizes", "preserveNullAndEmptyArrays": true}}]"#, on: Self.inventory, gives: """
            [
              {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": "S"},
              {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": "M"},
              {"_id": 1, "item": "ABC", "price": {"$numberDecimal": "80"}, "sizes": "L"},
              {"_id": 2, "item": "EFG", "price": {"$numberDecimal": "120"}},
              {"_id": 3, "item": "IJK", "price": {"$numberDecimal": "160"}, "sizes": "M"},
              {"_id": 4, "item": "LMN", "price": {"$numberDecimal": "10"}},
              {"_id": 5, "item": "XYZ", "price": {"$numberDecimal": "5.75"}, "sizes": null}
            ]
            """)
        try PipelineFixture.expect("""
            [{"$unwind": {"path": "$sizes", "preserveNullAndEmptyArrays": true, "includeArrayIndex": "i"}}, {"$project": {"sizes": 1, "i": 1}}]
            """, on: Self.inventory, gives: """
            [{"_id": 1, "sizes": "S", "i": 0}, {"_id": 1, "sizes": "M", "i": 1}, {"_id": 1, "sizes": "L", "i": 2},
             {"_id": 2, "i": null}, {"_id": 3, "sizes": "M", "i": null}, {"_id": 4, "i": null}, {"_id": 5, "sizes": null, "i": null}]
            """)
    }

    // MongoDB manual, $unwind: "Group by Unwound Values", first two stages (the $sort is in
    // PipelineSortTests). Decimal128 averages stay decimal.
    @Test func unwindThenGroup() throws {
        try PipelineFixture.expect("""
            [{"$unwind": {"path": "$sizes", "preserveNullAndEmptyArrays": true}},
             {"$group": {"_id": "$sizes", "averagePrice": {"$avg": "$price"}}}]
            """, on: Self.inventory, gives: """
            [
              {"_id": "S", "averagePrice": {"$numberDecimal": "80"}},
              {"_id": "M", "averagePrice": {"$numberDecimal": "120"}},
              {"_id": "L", "averagePrice": {"$numberDecimal": "80"}},
              {"_id": null, "averagePrice": {"$numberDecimal": "45.25"}}
            ]
            """)
    }

    // MongoDB manual, $unwind: "Unwind Embedded Arrays" (the manual's insert says envelopes cost
    // 1.95; its outputs and totals use 19.95, as here). Decimal128 keeps trailing zeros.
    @Test func unwindEmbeddedArraysThenGroup() throws {
        let sales = """
            [
              {"_id": "1", "items": [
                {"name": "pens", "tags": ["writing", "office", "school", "stationary"], "price": {"$numberDecimal": "12.00"}, "quantity": 5},
                {"name": "envelopes", "tags": ["stationary", "office"], "price": {"$numberDecimal": "19.95"}, "quantity": 8}]},
              {"_id": "2", "items": [
                {"name": "laptop", "tags": ["office", "electronics"], "price": {"$numberDecimal": "800.00"}, "quantity": 1},
                {"name": "notepad", "tags": ["stationary", "school"], "price": {"$numberDecimal": "14.95"}, "quantity": 3}]}
            ]
            """
        try PipelineFixture.expect(#"[{"$unwind": "$items"}, {"$unwind": "$items.tags"}, {"$match": {"_id": "2"}}]"#, on: sales, gives: """
            [
              {"_id": "2", "items": {"name": "laptop", "tags": "office", "price": {"$numberDecimal": "800.00"}, "quantity": 1}},
              {"_id": "2", "items": {"name": "laptop", "tags": "electronics", "price": {"$numberDecimal": "800.00"}, "quantity": 1}},
              {"_id": "2", "items": {"name": "notepad", "tags": "stationary", "price": {"$numberDecimal": "14.95"}, "quantity": 3}},
              {"_id": "2", "items": {"name": "notepad", "tags": "school", "price": {"$numberDecimal": "14.95"}, "quantity": 3}}
            ]
            """)
        try PipelineFixture.expect("""
            [{"$unwind": "$items"}, {"$unwind": "$items.tags"},
             {"$group": {"_id": "$items.tags", "totalSalesAmount": {"$sum": {"$multiply": ["$items.price", "$items.quantity"]}}}}]
            """, on: sales, gives: """
            [
              {"_id": "writing", "totalSalesAmount": {"$numberDecimal": "60.00"}},
              {"_id": "office", "totalSalesAmount": {"$numberDecimal": "1019.60"}},
              {"_id": "school", "totalSalesAmount": {"$numberDecimal": "104.85"}},
              {"_id": "stationary", "totalSalesAmount": {"$numberDecimal": "264.45"}},
              {"_id": "electronics", "totalSalesAmount": {"$numberDecimal": "800.00"}}
            ]
            """)
    }

    @Test func malformedUnwindsAreRefused() {
        #expect(PipelineFixture.refusal(#"[{"$unwind": "sizes"}]"#) == .invalid("$unwind's path is a field path starting with '$'"))
        #expect(PipelineFixture.refusal(#"[{"$unwind": {"path": "$$ROOT"}}]"#) == .invalid("$unwind's path is a field path starting with '$'"))
        #expect(PipelineFixture.refusal(#"[{"$unwind": {"includeArrayIndex": "i"}}]"#) == .missing("path' of '$unwind"))
        #expect(PipelineFixture.refusal(#"[{"$unwind": {"path": "$a", "keep": true}}]"#)
            == .invalid("$unwind takes path, includeArrayIndex and preserveNullAndEmptyArrays, not 'keep'"))
        #expect(PipelineFixture.refusal(#"[{"$unwind": {"path": "$a", "includeArrayIndex": "$i"}}]"#)
            == .invalid("$unwind's includeArrayIndex takes a field name not starting with '$'"))
        #expect(PipelineFixture.refusal(#"[{"$unwind": {"path": "$a", "preserveNullAndEmptyArrays": 1}}]"#)
            == .invalid("$unwind's preserveNullAndEmptyArrays takes true or false"))
        #expect(PipelineFixture.refusal(#"[{"$unwind": 1}]"#) == .invalid("$unwind takes a field path or an object of options"))
    }

    @Test func unwindPastTheLimitIsRefused() throws {
        let limits = Pipeline.Limits(maximumDocumentsHeld: 3)
        #expect(PipelineFixture.refusal(#"[{"$unwind": "$a"}]"#, on: #"[{"a": [1, 2]}, {"a": [3, 4]}]"#, limits: limits)
            == .limit("$unwind would hold more than 3 documents"))
        let output = try PipelineFixture.pipeline(#"[{"$unwind": "$a"}]"#, limits: limits)
            .run(PipelineFixture.documents(#"[{"a": [1, 2]}, {"a": [3]}]"#))
        #expect(output == [["a": 1], ["a": 2], ["a": 3]])
    }
}
