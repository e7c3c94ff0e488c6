import AsyncHTTPClient
import Foundation
import NIOCore
import RosterServer
import RosterServerAssembly
import RosterServerCore
import RosterWire

/// Four clients that each send, one after another without pause, the worst data calls a
/// signed-in user can make (a runaway regular expression over long strings, fields doubled until
/// they would fill the memory, a field projected a thousand times), against a real
/// `roster-server` on loopback, while a second client logs other users in: what the abuse costs
/// everyone else (the second client's log-ins against the same log-ins alone, and against the
/// KDF cost), and the server's memory.
enum DataAbuseBenchmark {
    struct Settings {
        var abusers = 4
        var seconds = 30
        var users = 20
    }

    struct Result {
        /// The second client alone, before the abuse.
        let quiet: PairedLogIns.Result
        /// The second client during the abuse.
        let underAbuse: PairedLogIns.Result
        /// The abusers' answers by status, and the slowest of them in milliseconds.
        let answers: [Int: Int]
        let slowestMilliseconds: Double
        let peakKiB: Int
        let cost: PasswordHashingConfig
    }

    /// The calls the abusers send in turn, on the documents `prepare` gives Joe.
    static func calls(userId: String) -> [JSONValue] {
        let namespace: JSONObject = ["database": "my_database", "collection": "users"]
        func call(_ name: String, _ argument: JSONObject) -> JSONValue {
            ["name": .string(name), "service": "mongodb-atlas", "arguments": [.object(namespace.merging(argument) { $1 })]]
        }
        let double: JSONValue = ["$set": ["name": ["$concat": ["$name", "$name", "$name", "$name"]]]]
        var wide: JSONObject = [:]
        for index in 0..<1000 { wide["f\(index)"] = "$name" }
        return [
            call("find", ["query": ["name": ["$regex": "^(a+)+$"]]]),
            call("aggregate", ["pipeline": [double, double, double, double, double]]),
            call("aggregate", ["pipeline": [["$project": .object(wide)]]]),
        ]
    }

    static func run(server executable: URL, settings: Settings, in directory: URL) async throws -> Result {
        let demo = try await DemoUnderLoad.start(executable: executable, users: settings.users, in: directory)
        let (config, server, secondClient) = (demo.config, demo.server, demo.secondClient)
        defer { server.stop() }
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let base = server.baseURL
        func post(_ path: String, _ body: JSONValue, token: String? = nil) async throws -> (status: Int, body: JSONValue?) {
            var request = HTTPClientRequest(url: base + path)
            request.method = .POST
            request.headers.add(name: "content-type", value: "application/json")
            if let token { request.headers.add(name: "authorization", value: "Bearer \(token)") }
            request.body = .bytes(Array(body.data))
            let response = try await client.execute(request, timeout: .seconds(60))
            let bytes = try await response.body.collect(upTo: 256 << 20)
            return (Int(response.status.code), try? JSONValue(parsing: Data(bytes.readableBytesView)))
        }
        // Joe's own documents: sixty with a 4 KB name for the patterns and the doublings.
        let login = try await post(
            Route.login(appId: config.appId, provider: .emailPassword), ["username": "joe@example.com", "password": "passw0rd"])
        guard let token = login.body?["access_token"]?.stringValue, let userId = login.body?["user_id"]?.stringValue else {
            throw BenchmarkFailure("Joe could not log in: \(login.status)")
        }
        for first in stride(from: 0, to: 60, by: 6) {
            let documents: [JSONValue] = (first..<first + 6).map {
                ["userId": .string(userId), "n": .int(Int64($0)), "name": .string(String(repeating: "a", count: 4000) + "!")]
            }
            let arguments: JSONValue = [["database": "my_database", "collection": "users", "documents": .array(documents)]]
            _ = try await post(Route.functionCall(appId: config.appId), ["name": "insertMany", "service": "mongodb-atlas", "arguments": arguments], token: token)
        }

        let quiet = try await secondClient.run(seconds: min(15, settings.seconds), minimumPairs: 1)

        let calls = Self.calls(userId: userId)
        let deadline = ContinuousClock.now + .seconds(settings.seconds)
        async let underAbuse = secondClient.run(seconds: settings.seconds, minimumPairs: 1)
        let abuse = try await withThrowingTaskGroup(of: ([Int: Int], Double).self) { group in
            for abuser in 0..<settings.abusers {
                group.addTask {
                    var answers: [Int: Int] = [:]
                    var slowest = 0.0
                    var turn = abuser
                    while ContinuousClock.now < deadline {
                        let sent = ContinuousClock.now
                        let answer = try await post(Route.functionCall(appId: config.appId), calls[turn % calls.count], token: token)
                        slowest = max(slowest, (ContinuousClock.now - sent) / .milliseconds(1))
                        answers[answer.status, default: 0] += 1
                        turn += 1
                    }
                    return (answers, slowest)
                }
            }
            return try await group.reduce(into: ([Int: Int](), 0.0)) { total, one in
                total.0.merge(one.0, uniquingKeysWith: +)
                total.1 = max(total.1, one.1)
            }
        }
        let measured = try await underAbuse
        let peak = server.memoryKiB("VmHWM") ?? 0
        try await client.shutdown()
        return Result(
            quiet: quiet, underAbuse: measured, answers: abuse.0, slowestMilliseconds: abuse.1, peakKiB: peak, cost: config.passwordHashing)
    }
}
