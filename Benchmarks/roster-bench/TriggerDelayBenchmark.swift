import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore
import RosterWire

/// How long a database trigger's function waits for a change: one insert at a time into a
/// watched collection on the server in this process (SQLite, Node.js workers), whose trigger's
/// function notes `Date.now()` as it starts; the delay is from the insert's answer to that note,
/// in milliseconds (the JavaScript clock's resolution: 1 ms).
enum TriggerDelayBenchmark {
    static func run(writes: Int, in directory: URL) async throws -> Timing {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var config = try AppConfig.demo()
        let service = config.dataServices[0]
        config.rules.append(DataRule(database: "bench", collection: "orders", read: .all, write: .all))
        config.rules.append(DataRule(database: "bench", collection: "runs", read: .all, write: .all))
        config.functions["noteRun"] = FunctionConfig(
            source: """
                exports = async function(event) {
                  const ranAt = Date.now();
                  await context.services.get('\(service)').db('bench').collection('runs').insertOne({ n: event.fullDocument.n, ranAt });
                };
                """, isPrivate: true)
        config.triggers = [
            TriggerConfig(
                name: "onOrder", functionName: "noteRun",
                event: .database(.init(service: service, database: "bench", collection: "orders", operationTypes: ["insert"])))
        ]
        let server = try await ServerAssembly.open(databasePath: directory.appendingPathComponent("triggers.sqlite").path, apps: [config])
        let login = try WireCoding.decode(LoginResponse.self, from: try expectOK(await server.respond(to: WireRequest(
            method: .post, path: Route.login(appId: config.appId, provider: .anonymous), headers: ["content-type": "application/json"],
            body: Data("{}".utf8)))))
        func call(_ name: String, _ collection: String, _ fields: JSONObject) async throws -> JSONValue {
            var arguments: JSONObject = ["database": "bench", "collection": .string(collection)]
            arguments.merge(fields) { $1 }
            let body: JSONValue = ["name": .string(name), "service": .string(service), "arguments": [.object(arguments)]]
            let answer = try expectOK(await server.respond(to: WireRequest(
                method: .post, path: Route.functionCall(appId: config.appId),
                headers: ["content-type": "application/json", "authorization": "Bearer \(login.accessToken)"], body: body.data)))
            return try JSONValue(parsing: answer)
        }
        var delays: [Double] = []
        // Untimed first writes: the workers start and the function is loaded.
        let warmUp = 3
        for n in 0..<(warmUp + writes) {
            _ = try await call("insertOne", "orders", ["document": ["n": .int(Int64(n))]])
            let wrote = Date().timeIntervalSince1970 * 1000
            let deadline = ContinuousClock.now + .seconds(30)
            var run = JSONValue.null
            while run == .null {
                guard ContinuousClock.now < deadline else { throw BenchmarkFailure("the trigger did not run for order \(n) within 30 s") }
                try await Task.sleep(for: .milliseconds(1))
                run = try await call("findOne", "runs", ["query": ["n": .int(Int64(n))]])
            }
            guard let ranAt = number(run["ranAt"]) else {
                throw BenchmarkFailure("the trigger's note of order \(n) has no time: \(run.compactText)")
            }
            if n >= warmUp { delays.append(max(ranAt - wrote, 0)) }
        }
        return Timing(milliseconds: delays.sorted())
    }

    /// A number as a data call answers it: plain, or in Extended JSON.
    private static func number(_ value: JSONValue?) -> Double? {
        guard let value else { return nil }
        if let plain = value.numberValue { return plain }
        for key in ["$numberDouble", "$numberLong", "$numberInt"] {
            if let text = value[key]?.stringValue { return Double(text) }
        }
        return nil
    }

    private static func expectOK(_ response: WireResponse) throws -> Data {
        guard response.status == 200 else {
            throw BenchmarkFailure("the server answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return response.body
    }
}
