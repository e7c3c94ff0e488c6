import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// Data calls that would run away are refused, naming the limit they met, and leave the server
/// answering others: a regular expression that backtracks without end, a pipeline that repeats
/// a field until it fills the memory.
@Suite struct DataAccessLimitTests {
    static let notes = ("kiosk", "notes")

    func start(_ kind: StoreKind) async throws -> (TestServer, DataAccessTests.Caller) {
        let (t, ann, _) = try await DataAccessTests().start(DataAccessTests.config(maxDocumentBytes: 16384), store: kind)
        let documents: [JSONValue] = (0..<10).map { index in
            ["n": .int(Int64(index)), "name": .string(String(repeating: "a", count: 40) + "b"), "f": .string(String(repeating: "x", count: 8192))]
        }
        for document in documents { _ = try await ann.json("insertOne", ["document": document], in: Self.notes) }
        return (t, ann)
    }

    // Matching and rules run outside the store: one driver is enough.
    @Test(arguments: [StoreKind.sqlite]) func aRunawayRegularExpressionIsRefusedNamingItsLimit(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(kind)
        for query: JSONValue in [["name": ["$regex": "^(a+)+$"]], ["name": ["$in": [["$regularExpression": ["pattern": "^(a|aa)+$", "options": ""]]]]]] {
            let refused = await ann.data("find", ["query": query], in: Self.notes)
            #expect(refused.status == 400 && refused.errorCode == "InvalidParameter", "\(refused.errorMessage ?? "")")
            #expect(refused.errorMessage?.contains("limit of \(1_000_000) steps") == true, "\(refused.errorMessage ?? "")")
        }
        let counted = await ann.data("count", ["query": ["name": ["$regex": "^(a+)+$"]]], in: Self.notes)
        #expect(counted.errorCode == "InvalidParameter")
        // A bounded pattern still finds what it should, and log-ins go on.
        #expect(try await ann.json("count", ["query": ["name": ["$regex": "^a+b$"]]], in: Self.notes) == 10)
        #expect(await t.login(.anonymous).status == 200)
    }

    // Matching and rules run outside the store: one driver is enough.
    @Test(arguments: [StoreKind.sqlite]) func aPipelineThatFillsTheMemoryIsRefused(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(kind)
        let repeated = JSONValue.object(["$set": ["f": ["$concat": .array(Array(repeating: "$f", count: 40))]]])
        let refused = await ann.data("aggregate", ["pipeline": [repeated, repeated, repeated]], in: Self.notes)
        #expect(refused.status == 400 && refused.errorCode == "InvalidParameter", "\(refused.errorMessage ?? "")")
        let message = refused.errorMessage ?? ""
        #expect(["16 MiB", "bytes of values it makes", "pipelineMemory"].contains { message.contains($0) }, "\(message)")
        // One stage of it is within the budget.
        let one = try await ann.json("aggregate", ["pipeline": [repeated, ["$count": "n"]]], in: Self.notes)
        #expect(one == [["n": 10]])
        #expect(await t.login(.anonymous).status == 200)
    }

    /// A projection that repeats a large field a thousand times is small in memory (the copies
    /// share their text) and 80 MB on the wire: refused, naming the limit, before a byte is
    /// written, and the server goes on.
    @Test(arguments: [StoreKind.sqlite]) func anAnswerVastOnTheWireIsRefusedBeforeItIsWritten(_ kind: StoreKind) async throws {
        let (t, ann) = try await start(kind)
        var fields: JSONObject = [:]
        for index in 0..<1000 { fields["f\(index)"] = "$f" }
        let refused = await ann.data("aggregate", ["pipeline": [["$project": .object(fields)]]], in: Self.notes)
        #expect(refused.status == 400 && refused.errorCode == "InvalidParameter", "\(refused.status)")
        #expect(refused.errorMessage?.contains("maxPipelineBytes") == true, "\(refused.errorMessage ?? "")")
        #expect(refused.body.count < 1024)
        // A tenth of it is within the limit.
        let some = try await ann.json("aggregate", ["pipeline": [["$project": .object(fields.filter { $0.key.count < 4 })], ["$count": "n"]]], in: Self.notes)
        #expect(some == [["n": 10]])
        #expect(await t.login(.anonymous).status == 200)
    }

    /// The server's pipeline memory (`pipelineMemoryBytes`) is one for all its apps, and bounds
    /// every call below its app's own `maxPipelineBytes`: a call that alone would need more is
    /// refused naming it, and one within it runs.
    @Test func theServersPipelineMemoryBoundsEveryCallOfEveryApp() async throws {
        let t = try await TestServer.make(DataAccessTests.config(maxDocumentBytes: 16384)) { $0.pipelineMemoryBytes = 1 << 20 }
        let ann = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let documents: [JSONValue] = (0..<10).map { ["n": .int(Int64($0)), "f": .string(String(repeating: "x", count: 8192))] }
        for document in documents { _ = try await ann.json("insertOne", ["document": document], in: Self.notes) }
        // 10 x 4 x 8 KB = 320 KB in the first stage, 1.3 MB in the second.
        let repeated = JSONValue.object(["$set": ["f": ["$concat": ["$f", "$f", "$f", "$f"]]]])
        let refused = await ann.data("aggregate", ["pipeline": [repeated, repeated]], in: Self.notes)
        #expect(refused.status == 400 && refused.errorCode == "InvalidParameter", "\(refused.status)")
        #expect(refused.errorMessage?.contains("(\(1 << 20) bytes, pipelineMemoryBytes)") == true, "\(refused.errorMessage ?? "")")
        #expect(try await ann.json("aggregate", ["pipeline": [repeated, ["$count": "n"]]], in: Self.notes) == [["n": 10]])

        let two = try await ServerAssembly.open(
            databasePath: t.directory.appendingPathComponent("two.sqlite").path,
            apps: [TestConfig.app(), TestConfig.app(appId: "second-app")], environment: ServerEnvironment(hashing: HashingPool()))
        let memories = two.services.apps.values.map(\.pipelineMemory)
        #expect(memories.count == 2 && memories[0] === memories[1])
        #expect(memories[0].limit == ServerEnvironment.defaultPipelineMemory)
    }
}
