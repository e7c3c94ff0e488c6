import RosterWire
import Testing
@testable import RosterDocuments

/// A pipeline cannot make more than its budget. The attack: two `$set` stages that each repeat
/// an 8 KB field made the server grow by 260 MB in 0.3 s, and a third would have asked for tens
/// of gigabytes.
@Suite struct PipelineBudgetTests {
    static let documents: [JSONValue] = (0..<20).map { ["_id": .int(Int64($0)), "f": .string(String(repeating: "x", count: 8192))] }

    private func run(_ text: String, limit: Int = 64 << 20) throws(DocumentError) -> [JSONValue] {
        let stages = try! ExtendedJSON.canonical(JSONValue(parsing: text))
        return try Pipeline.parse(stages, limits: .init(maximumBytesMade: limit)).run(Self.documents)
    }

    /// `{"$set": {"f": {"$concat": ["$f", "$f", … n times]}}}`.
    private func repeating(_ operator: String, _ times: Int, field: String = "$f") -> String {
        let arguments = Array(repeating: #""\#(field)""#, count: times).joined(separator: ",")
        return #"{"$set": {"f": {"\#(`operator`)": [\#(arguments)]}}}"#
    }

    @Test func theReportedPipelineIsRefusedBeforeItGrows() throws {
        let pipeline = "[\(repeating("$concat", 40)), \(repeating("$concat", 40)), \(repeating("$concat", 40))]"
        do {
            _ = try run(pipeline)
            Issue.record("the pipeline ran")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message.contains("16 MiB") || error.message.contains("limit of \(64 << 20) bytes"), "\(error.message)")
        }
    }

    @Test func arraysCountAsWellAsStrings() throws {
        let wrap = #"{"$set": {"f": ["$f"]}}"#
        let pipeline = "[\(wrap), \(repeating("$concatArrays", 60)), \(repeating("$concatArrays", 60))]"
        #expect(throws: DocumentError.self) { try run(pipeline) }
        // An array written in the pipeline holding the field many times is charged in full.
        let literal = #"[{"$set": {"g": [\#(Array(repeating: #""$f""#, count: 500).joined(separator: ","))]}}]"#
        #expect(throws: DocumentError.self) { try run(literal) }
    }

    @Test func oneValueMayNotPass16MiB() throws {
        do {
            _ = try run("[\(repeating("$concat", 2100))]", limit: 1 << 34)
            Issue.record("a value past 16 MiB was made")
        } catch {
            #expect(error.message == "$concat would make a value of more than 16 MiB, MongoDB's document limit")
        }
    }

    @Test func aPipelineWithinItsBudgetRuns() throws {
        let output = try run("[\(repeating("$concat", 3))]", limit: 1 << 20)
        #expect(output.count == 20 && output[0]["f"]?.stringValue?.utf8.count == 3 * 8192)
        // The same over the budget of one run.
        #expect(throws: DocumentError.self) { try run("[\(repeating("$concat", 3))]", limit: 256 << 10) }
    }

    /// A call cancelled (past its deadline, its client gone) stops its pipeline between documents
    /// rather than running it to the end.
    @Test func aCancelledCallStopsItsPipeline() async throws {
        let stopped = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                _ = try run(#"[{"$set": {"g": "$f"}}]"#)
                return "ran to the end"
            } catch let error as DocumentError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(await stopped.value == "the call was stopped before its pipeline ended")
        #expect(try run(#"[{"$set": {"g": "$f"}}]"#).count == 20)
        #expect(JSONValue.array(Self.documents).isLarger(thanBytes: 20 * 8192))
        #expect(!JSONValue.array(Self.documents).isLarger(thanBytes: 21 * 8300))
    }

    /// All runs of the server's pipelines draw from one memory: a run that would take more than
    /// others left is refused as busy (try again), one that alone would need more than all of it
    /// as over a limit (trying again cannot help), and each run gives back what it took.
    @Test func runsTogetherHoldNoMoreThanTheServersSharedMemory() throws {
        let stages = try! ExtendedJSON.canonical(JSONValue(parsing: #"[{"$set": {"f": {"$concat": ["$f", "$f"]}}}]"#))
        let pipeline = try Pipeline.parse(stages)
        // Twenty doubled 8 KB fields: about 320 KB.
        let scarce = PipelineMemory(limit: 300 << 10)
        do {
            _ = try pipeline.run(Self.documents, sharing: scarce)
            Issue.record("twenty doubled 8 KB fields fit in 300 KB")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message.contains("all pipelines hold at once (\(300 << 10) bytes, pipelineMemoryBytes)"), "\(error.message)")
        }
        #expect(scarce.held == 0, "what the refused run took is given back")

        let shared = PipelineMemory(limit: 1 << 20)
        #expect(shared.take(800 << 10), "another run holds 800 KB")
        do {
            _ = try pipeline.run(Self.documents, sharing: shared)
            Issue.record("the run found room beside 800 KB in 1 MiB")
        } catch {
            #expect(error.kind == .busy)
        }
        #expect(shared.held == 800 << 10)
        shared.give(800 << 10)
        #expect(try pipeline.run(Self.documents, sharing: shared).count == 20)
        #expect(shared.held == 0)
    }

    /// `$concat` and `$concatArrays` count the value they will make, once, at its size as an
    /// answer carries it: the budget sees the whole before the value is built.
    @Test func concatenationsAreChargedAtTheirSize() throws {
        let budget = PipelineBudget(limit: 1 << 20)
        let text = try AggregationExpression.parse(["$concat": ["$f", "-", "$f"]]).evaluate(Self.documents[0], budget)
        #expect(text?.stringValue?.utf8.count == 2 * 8192 + 1)
        #expect(budget.used == 2 * 8192 + 1 + 2)
        let arrays = PipelineBudget(limit: 1 << 20)
        let joined = try AggregationExpression.parse(["$concatArrays": [["$literal": [1, 2]], ["$literal": ["ab"]]]]).evaluate([:], arrays)
        #expect(joined == [1, 2, "ab"])
        #expect(arrays.used == JSONValue.array([1, 2, "ab"]).approximateBytes)
        // Past the run's budget, refused.
        let small = PipelineBudget(limit: 10_000)
        #expect(throws: DocumentError.self) { try AggregationExpression.parse(["$concat": ["$f", "$f"]]).evaluate(Self.documents[0], small) }
    }

    /// A field projected a thousand times shares its text, but each of the thousand fields takes
    /// memory of its own: a stage's documents are charged by their fields too.
    @Test func aStageIsChargedForTheFieldsOfTheDocumentsItMakes() throws {
        let wide = (0..<1000).map { #""f\#($0)": "$f""# }.joined(separator: ",")
        // 20 documents x 1,000 fields x 48 bytes: 960,000 bytes.
        #expect(throws: DocumentError.self) { try run("[{\"$project\": {\(wide)}}]", limit: 900_000) }
        #expect(try run("[{\"$project\": {\(wide)}}]", limit: 1_000_000).count == 20)
    }
}
