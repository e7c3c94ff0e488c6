import RosterDocuments
import RosterWire
import Testing

/// Pipelines and documents written as JSON text and read the way the server reads them
/// (through `ExtendedJSON.canonical`), for the pipeline tests.
enum PipelineFixture {
    static func pipeline(_ text: String, limits: Pipeline.Limits = .init()) throws -> Pipeline {
        try Pipeline.parse(ExtendedJSON.canonical(JSONValue(parsing: text)), limits: limits)
    }

    static func documents(_ text: String) throws -> [JSONValue] {
        try #require(ExtendedJSON.canonical(JSONValue(parsing: text)).arrayValue)
    }

    /// Runs the pipeline and expects exactly these documents, in this order (compared as
    /// compact JSON, so `1` and `1.0` differ and a failure reads well).
    static func expect(_ pipeline: String, on input: String, gives expected: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let output = try self.pipeline(pipeline).run(documents(input)).map(\.compactText)
        let wanted = try documents(expected).map(\.compactText)
        #expect(output == wanted, sourceLocation: sourceLocation)
    }

    /// The error reading or running the pipeline ends with.
    static func refusal(_ pipeline: String, on input: String = "[{}]", limits: Pipeline.Limits = .init()) -> DocumentError? {
        do {
            _ = try self.pipeline(pipeline, limits: limits).run(documents(input))
            return nil
        } catch let error as DocumentError {
            return error
        } catch {
            Issue.record("not a DocumentError: \(error)")
            return nil
        }
    }
}

/// The pipeline as a whole: its shape, its bounds, the stages refused, and the small stages
/// (`$match`, `$limit`, `$skip`, `$count`), from the MongoDB manual's examples.
@Suite struct PipelineTests {
    /// The manual's `$match` page: the `articles` collection.
    static let articles = """
        [
          {"_id": {"$oid": "512bc95fe835e68f199c8686"}, "author": "dave", "score": 80, "views": 100},
          {"_id": {"$oid": "512bc962e835e68f199c8687"}, "author": "dave", "score": 85, "views": 521},
          {"_id": {"$oid": "55f5a192d4bede9ac365b257"}, "author": "ahn", "score": 60, "views": 1000},
          {"_id": {"$oid": "55f5a192d4bede9ac365b258"}, "author": "li", "score": 55, "views": 5000},
          {"_id": {"$oid": "55f5a1d3d4bede9ac365b259"}, "author": "annT", "score": 60, "views": 50},
          {"_id": {"$oid": "55f5a1d3d4bede9ac365b25a"}, "author": "li", "score": 94, "views": 999},
          {"_id": {"$oid": "55f5a1d3d4bede9ac365b25b"}, "author": "ty", "score": 95, "views": 1000}
        ]
        """

    // MongoDB manual, $match (aggregation): "Equality Match".
    @Test func matchKeepsTheDocumentsTheQueryMatches() throws {
        try PipelineFixture.expect(#"[{"$match": {"author": "dave"}}]"#, on: Self.articles, gives: """
            [
              {"_id": {"$oid": "512bc95fe835e68f199c8686"}, "author": "dave", "score": 80, "views": 100},
              {"_id": {"$oid": "512bc962e835e68f199c8687"}, "author": "dave", "score": 85, "views": 521}
            ]
            """)
    }

    // MongoDB manual, $match (aggregation): "Perform a Count".
    @Test func matchThenGroupCounts() throws {
        try PipelineFixture.expect("""
            [{"$match": {"$or": [{"score": {"$gt": 70, "$lt": 90}}, {"views": {"$gte": 1000}}]}},
             {"$group": {"_id": null, "count": {"$sum": 1}}}]
            """, on: Self.articles, gives: #"[{"_id": null, "count": 5}]"#)
    }

    // MongoDB manual, $limit and $skip (aggregation): the first documents, and the rest.
    @Test func limitAndSkipCutTheStream() throws {
        try PipelineFixture.expect(#"[{"$skip": 5}]"#, on: Self.articles, gives: """
            [
              {"_id": {"$oid": "55f5a1d3d4bede9ac365b25a"}, "author": "li", "score": 94, "views": 999},
              {"_id": {"$oid": "55f5a1d3d4bede9ac365b25b"}, "author": "ty", "score": 95, "views": 1000}
            ]
            """)
        try PipelineFixture.expect(#"[{"$skip": 1}, {"$limit": 2}, {"$project": {"_id": 0, "author": 1}}]"#,
                                   on: Self.articles, gives: #"[{"author": "dave"}, {"author": "ahn"}]"#)
        try PipelineFixture.expect(#"[{"$limit": 100}, {"$skip": 7}]"#, on: Self.articles, gives: "[]")
    }

    // MongoDB manual, $count (aggregation): the scores collection, "passing_scores".
    @Test func countNamesTheFieldItCountsInto() throws {
        let scores = """
            [
              {"_id": 1, "subject": "History", "score": 88}, {"_id": 2, "subject": "History", "score": 92},
              {"_id": 3, "subject": "History", "score": 97}, {"_id": 4, "subject": "History", "score": 71},
              {"_id": 5, "subject": "History", "score": 79}, {"_id": 6, "subject": "History", "score": 83}
            ]
            """
        try PipelineFixture.expect(#"[{"$match": {"score": {"$gt": 80}}}, {"$count": "passing_scores"}]"#,
                                   on: scores, gives: #"[{"passing_scores": 4}]"#)
        // "If the input dataset is empty, $count doesn't return a result."
        try PipelineFixture.expect(#"[{"$match": {"score": {"$gt": 100}}}, {"$count": "passing_scores"}]"#,
                                   on: scores, gives: "[]")
    }

    @Test func anEmptyPipelineGivesTheDocumentsBack() throws {
        try PipelineFixture.expect("[]", on: Self.articles, gives: Self.articles)
    }

    @Test func leadingMatchIsTheFirstStagesQuery() throws {
        let pipeline = try PipelineFixture.pipeline(#"[{"$match": {"author": "dave"}}, {"$limit": 1}]"#)
        let query = try #require(pipeline.leadingMatch)
        #expect(try query.matches(["author": "dave"]))
        #expect(try !query.matches(["author": "li"]))
        #expect(try PipelineFixture.pipeline(#"[{"$limit": 1}, {"$match": {"author": "dave"}}]"#).leadingMatch == nil)
        #expect(try PipelineFixture.pipeline("[]").leadingMatch == nil)
    }

    @Test func stagesNotServedAreRefusedByName() {
        for stage in ["$lookup", "$out", "$merge", "$facet", "$bucket", "$graphLookup", "$sample", "$replaceRoot"] {
            #expect(PipelineFixture.refusal("[{\"\(stage)\": {}}]") == .invalid("unknown pipeline stage '\(stage)'"))
        }
        #expect(PipelineFixture.refusal(#"[{"match": {}}]"#) == .invalid("unknown pipeline stage 'match'"))
    }

    @Test func atlasSearchStagesAreRefusedAsNotServed() {
        for stage in ["$search", "$searchMeta", "$vectorSearch"] {
            #expect(
                PipelineFixture.refusal("[{\"\(stage)\": {\"text\": {\"query\": \"x\", \"path\": \"a\"}}}]")
                    == .invalid("'\(stage)' is an Atlas Search stage, which is not served: query with $match instead"))
        }
    }

    @Test func malformedPipelinesAreRefused() {
        let oneField = DocumentError.invalid("a pipeline stage is an object with exactly one field, the stage's name")
        #expect(PipelineFixture.refusal(#"{"$match": {}}"#) == .invalid("a pipeline is an array of stages"))
        #expect(PipelineFixture.refusal(#"[{"$match": {}, "$limit": 1}]"#) == oneField)
        #expect(PipelineFixture.refusal(#"[{}]"#) == oneField)
        #expect(PipelineFixture.refusal(#"["$match"]"#) == oneField)
        #expect(PipelineFixture.refusal(#"[{"$match": "dave"}]"#) == .invalid("$match takes a query object"))
        #expect(PipelineFixture.refusal(#"[{"$limit": 0}]"#) == .invalid("$limit takes a positive whole number"))
        #expect(PipelineFixture.refusal(#"[{"$limit": 1.5}]"#) == .invalid("$limit takes a positive whole number"))
        #expect(PipelineFixture.refusal(#"[{"$skip": -1}]"#) == .invalid("$skip takes a whole number that is not negative"))
        let countName = DocumentError.invalid("$count takes a field name: not empty, not starting with '$', without '.'")
        for name in [#""""#, #""$n""#, #""a.b""#, "1"] {
            #expect(PipelineFixture.refusal("[{\"$count\": \(name)}]") == countName)
        }
    }

    @Test func tooManyStagesAreRefusedWhenRead() throws {
        let stages = "[" + Array(repeating: #"{"$skip": 0}"#, count: 51).joined(separator: ",") + "]"
        #expect(PipelineFixture.refusal(stages) == .limit("a pipeline may have at most 50 stages, not 51"))
        let three = #"[{"$skip": 0}, {"$skip": 0}, {"$skip": 0}]"#
        #expect(PipelineFixture.refusal(three, limits: .init(maximumStages: 2)) == .limit("a pipeline may have at most 2 stages, not 3"))
        #expect(try PipelineFixture.pipeline(three, limits: .init(maximumStages: 3)).limits.maximumStages == 3)
        #expect(Pipeline.Limits() == Pipeline.Limits(maximumStages: 50, maximumDocumentsHeld: 10_000))
    }
}
