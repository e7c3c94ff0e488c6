import RosterWire
import Testing
@testable import RosterDocuments

/// A pipeline cannot make more than its budget. The attack: two `$set` stages that each repeat
/// an 8 KB field made the server grow by 260 MB in 0.3 s, and a third would have asked for tens
/// of gigabytes.
@Suite struct PipelineBudgetTests {
    static let documents: [JSONValue] = (0..<20).map { ["_id": .int(Int64($0)), "f": .string(String(repeating: "x", count: 8192))] }

    private func run(_ text: String, limit: Int = 64 << 20) throws(DocumentError) -> [JSONValue] {
        let stages = try! ExtendedJSON.canonical(OrderedJSON(parsing: text))
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

    /// All runs of an app's pipelines draw from one memory: a run that would take more than is
    /// left is refused as busy (try again), and each run gives back what it took when it ends.
    @Test func runsTogetherHoldNoMoreThanTheAppsSharedMemory() throws {
        let stages = try! ExtendedJSON.canonical(OrderedJSON(parsing: #"[{"$set": {"f": {"$concat": ["$f", "$f"]}}}]"#))
        let pipeline = try Pipeline.parse(stages)
        let scarce = PipelineMemory(limit: 300 << 10)
        do {
            _ = try pipeline.run(Self.documents, sharing: scarce)
            Issue.record("twenty doubled 8 KB fields fit in 300 KB")
        } catch {
            #expect(error.kind == .busy)
        }
        #expect(scarce.held == 0, "what the refused run took is given back")
        let ample = PipelineMemory(limit: 1 << 20)
        #expect(try pipeline.run(Self.documents, sharing: ample).count == 20)
        #expect(ample.held == 0)
    }
}
