import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore
import RosterWire

/// What a JavaScript function costs over the data call it stands beside: a trivial function's
/// `functions/call` against a `findOne` data call, and a function making that one `findOne`
/// through `context.services` against the data call alone, timed in rounds on the server in
/// this process with its Node.js workers, the order turning each round; each figure is the
/// median of the rounds' ratios.
enum FunctionsBenchmark {
    struct Result {
        let dataCall: Timing
        let trivial: Timing
        let withDataCall: Timing
        /// Trivial function over the data call, and function with one data call over it, a round each.
        let trivialRatios: [Double]
        let dataRatios: [Double]
    }

    static func run(rounds: Int, in directory: URL) async throws -> Result {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var config = try AppConfig.demo()
        let service = config.dataServices[0]
        config.rules.append(DataRule(database: "bench", collection: "notes", read: .all, write: .all))
        config.functions = [
            "echo": FunctionConfig(source: "exports = function(value) { return value; };"),
            "note": FunctionConfig(source: """
                exports = async function(n) {
                  return context.services.get('\(service)').db('bench').collection('notes').findOne({ n });
                };
                """),
        ]
        let server = try await ServerAssembly.open(databasePath: directory.appendingPathComponent("functions.sqlite").path, apps: [config])
        let login = try WireCoding.decode(LoginResponse.self, from: try expectOK(await server.respond(to: WireRequest(
            method: .post, path: Route.login(appId: config.appId, provider: .anonymous), headers: ["content-type": "application/json"],
            body: Data("{}".utf8)))))
        func call(_ body: JSONValue) -> WireRequest {
            WireRequest(
                method: .post, path: Route.functionCall(appId: config.appId),
                headers: ["content-type": "application/json", "authorization": "Bearer \(login.accessToken)"], body: body.data)
        }
        let notes: [JSONValue] = (0..<100).map { ["n": .int(Int64($0)), "text": .string("note \($0)")] }
        _ = try expectOK(await server.respond(to: call([
            "name": "insertMany", "service": .string(service),
            "arguments": [["database": "bench", "collection": "notes", "documents": .array(notes)]],
        ])))
        let requests = [
            call(["name": "findOne", "service": .string(service), "arguments": [["database": "bench", "collection": "notes", "query": ["n": 42]]]]),
            call(["name": "echo", "arguments": [42]]),
            call(["name": "note", "arguments": [42]]),
        ]
        // Untimed first calls: the workers start, and each function is loaded once.
        for _ in 0..<3 { for request in requests { _ = try expectOK(await server.respond(to: request)) } }
        var times: [[Double]] = [[], [], []]
        var trivialRatios: [Double] = []
        var dataRatios: [Double] = []
        for round in 0..<rounds {
            var taken = [0.0, 0.0, 0.0]
            for offset in 0..<3 {
                let which = (round + offset) % 3
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try expectOK(await server.respond(to: requests[which]))
                taken[which] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            }
            for which in 0..<3 { times[which].append(taken[which]) }
            trivialRatios.append(taken[1] / taken[0])
            dataRatios.append(taken[2] / taken[0])
        }
        return Result(
            dataCall: Timing(milliseconds: times[0].sorted()), trivial: Timing(milliseconds: times[1].sorted()),
            withDataCall: Timing(milliseconds: times[2].sorted()), trivialRatios: trivialRatios, dataRatios: dataRatios)
    }

    private static func expectOK(_ response: WireResponse) throws -> Data {
        guard response.status == 200 else {
            throw BenchmarkFailure("the server answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return response.body
    }
}
