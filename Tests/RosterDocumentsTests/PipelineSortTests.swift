import RosterDocuments
import RosterWire
import Testing

/// `$sort` in a pipeline (it is `DocumentSort`, in the order the specification's keys were
/// written), from the MongoDB manual's examples.
@Suite struct PipelineSortTests {
    // MongoDB manual, $sort (aggregation): "Sort Consistency" (a unique field last makes the
    // order certain).
    @Test func sortByFieldsInTheOrderWritten() throws {
        // The same restaurants as cursor.sort()'s page, as JSON text.
        let restaurants = JSONValue.array(DocumentSortTests.restaurants).compactText
        try PipelineFixture.expect(#"[{"$sort": {"borough": 1, "_id": 1}}, {"$project": {"borough": 1}}]"#, on: restaurants, gives: """
            [{"_id": 3, "borough": "Brooklyn"}, {"_id": 5, "borough": "Brooklyn"}, {"_id": 1, "borough": "Manhattan"},
             {"_id": 4, "borough": "Manhattan"}, {"_id": 2, "borough": "Queens"}]
            """)
        try PipelineFixture.expect(#"[{"$sort": {"borough": -1, "_id": -1}}, {"$project": {"_id": 1}}]"#, on: restaurants,
                                   gives: #"[{"_id": 2}, {"_id": 4}, {"_id": 1}, {"_id": 5}, {"_id": 3}]"#)
        // The keys' order decides: the same keys the other way round sort differently.
        let rows = #"[{"a": 1, "b": 2}, {"a": 2, "b": 1}, {"a": 1, "b": 1}]"#
        try PipelineFixture.expect(#"[{"$sort": {"a": 1, "b": -1}}]"#, on: rows, gives: #"[{"a": 1, "b": 2}, {"a": 1, "b": 1}, {"a": 2, "b": 1}]"#)
        try PipelineFixture.expect(#"[{"$sort": {"b": -1, "a": 1}}]"#, on: rows, gives: #"[{"a": 1, "b": 2}, {"a": 1, "b": 1}, {"a": 2, "b": 1}]"#)
        try PipelineFixture.expect(#"[{"$sort": {"b": 1, "a": -1}}]"#, on: rows, gives: #"[{"a": 2, "b": 1}, {"a": 1, "b": 1}, {"a": 1, "b": 2}]"#)
    }

    // MongoDB manual, $group: "Group by Day of the Year" ($match on dates, $dateToString key,
    // Decimal128 totals sorted descending).
    @Test func groupByDayThenSort() throws {
        try PipelineFixture.expect("""
            [{"$match": {"date": {"$gte": {"$date": "2014-01-01T00:00:00Z"}, "$lt": {"$date": "2015-01-01T00:00:00Z"}}}},
             {"$group": {"_id": {"$dateToString": {"format": "%Y-%m-%d", "date": "$date"}},
                         "totalSaleAmount": {"$sum": {"$multiply": ["$price", "$quantity"]}},
                         "averageQuantity": {"$avg": "$quantity"}, "count": {"$sum": 1}}},
             {"$sort": {"totalSaleAmount": -1}}]
            """, on: PipelineGroupTests.sales, gives: """
            [
              {"_id": "2014-04-04", "totalSaleAmount": {"$numberDecimal": "200"}, "averageQuantity": 15.0, "count": 2},
              {"_id": "2014-03-15", "totalSaleAmount": {"$numberDecimal": "50"}, "averageQuantity": 10.0, "count": 1},
              {"_id": "2014-03-01", "totalSaleAmount": {"$numberDecimal": "40"}, "averageQuantity": 1.5, "count": 2}
            ]
            """)
    }

    // MongoDB manual, $unwind: "Group by Unwound Values" (the manual lists L before S, which tie
    // at 80; Roster's sort is stable, so S, grouped first, stays first).
    @Test func unwindGroupThenSort() throws {
        try PipelineFixture.expect("""
            [{"$unwind": {"path": "$sizes", "preserveNullAndEmptyArrays": true}},
             {"$group": {"_id": "$sizes", "averagePrice": {"$avg": "$price"}}},
             {"$sort": {"averagePrice": -1}}]
            """, on: PipelineUnwindTests.inventory, gives: """
            [
              {"_id": "M", "averagePrice": {"$numberDecimal": "120"}},
              {"_id": "S", "averagePrice": {"$numberDecimal": "80"}},
              {"_id": "L", "averagePrice": {"$numberDecimal": "80"}},
              {"_id": null, "averagePrice": {"$numberDecimal": "45.25"}}
            ]
            """)
    }

    // MongoDB manual, $first and $last (accumulators): sorted by item and date first.
    @Test func sortThenFirstAndLast() throws {
        try PipelineFixture.expect("""
            [{"$sort": {"item": 1, "date": 1}},
             {"$group": {"_id": "$item", "firstSalesDate": {"$first": "$date"}, "lastSalesDate": {"$last": "$date"}}}]
            """, on: """
            [{"_id": 5, "item": "xyz", "date": {"$date": "2014-02-15T09:05:00Z"}},
             {"_id": 4, "item": "abc", "date": {"$date": "2014-02-15T08:00:00Z"}},
             {"_id": 3, "item": "xyz", "date": {"$date": "2014-02-03T09:05:00Z"}},
             {"_id": 2, "item": "jkl", "date": {"$date": "2014-02-03T09:00:00Z"}},
             {"_id": 1, "item": "abc", "date": {"$date": "2014-01-01T08:00:00Z"}}]
            """, gives: """
            [
              {"_id": "abc", "firstSalesDate": {"$date": "2014-01-01T08:00:00Z"}, "lastSalesDate": {"$date": "2014-02-15T08:00:00Z"}},
              {"_id": "jkl", "firstSalesDate": {"$date": "2014-02-03T09:00:00Z"}, "lastSalesDate": {"$date": "2014-02-03T09:00:00Z"}},
              {"_id": "xyz", "firstSalesDate": {"$date": "2014-02-03T09:05:00Z"}, "lastSalesDate": {"$date": "2014-02-15T09:05:00Z"}}
            ]
            """)
    }

    @Test func malformedSortsAreRefused() {
        #expect(PipelineFixture.refusal(#"[{"$sort": {}}]"#) == .invalid("$sort takes at least one field"))
        #expect(PipelineFixture.refusal(#"[{"$sort": {"a": 2}}]"#) == .invalid("the sort order of 'a' must be 1 or -1"))
        #expect(PipelineFixture.refusal(#"[{"$sort": "a"}]"#) == .invalid("a sort must be an object of fields and 1 or -1"))
    }

    @Test func sortPastTheLimitIsRefused() throws {
        let limits = Pipeline.Limits(maximumDocumentsHeld: 2)
        #expect(PipelineFixture.refusal(#"[{"$sort": {"a": 1}}]"#, on: #"[{"a": 3}, {"a": 1}, {"a": 2}]"#, limits: limits)
            == .limit("$sort would hold more than 2 documents"))
        let output = try PipelineFixture.pipeline(#"[{"$match": {"a": {"$gt": 1}}}, {"$sort": {"a": 1}}]"#, limits: limits)
            .run(PipelineFixture.documents(#"[{"a": 3}, {"a": 1}, {"a": 2}]"#))
        #expect(output == [["a": 2], ["a": 3]])
    }
}
