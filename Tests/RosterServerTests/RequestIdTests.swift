import Foundation
import Logging
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// Each request has an id: the client's when well-formed, else a new one; answered in
/// `X-Request-Id` and carried by the request's log lines, which hold no secret.
@Suite struct RequestIdTests {
    @Test func aWellFormedIdIsKeptAndAnswered() async throws {
        let t = try await TestServer.make()
        let request = WireRequest(method: .get, path: "/health", headers: ["x-request-id": "proxy-1234.abc:9_Z"])
        let response = await t.server.respond(to: request)
        #expect(response.headers["x-request-id"] == "proxy-1234.abc:9_Z")
    }

    /// A new id is Hummingbird's `RequestID`: a random prefix drawn once a process, written
    /// without its leading zeros (so 1 to 16 hex digits: 15 or fewer in one process of 16),
    /// then a 16-digit counter.
    static func isNewId(_ id: String?) -> Bool {
        guard let id else { return false }
        return id.wholeMatch(of: /[0-9a-f]{17,32}/) != nil
    }

    @Test func aMissingOrMalformedIdIsReplacedByANewOne() async throws {
        let t = try await TestServer.make()
        let none = await t.call(.get, "/health").headers["x-request-id"]
        let other = await t.call(.get, "/health").headers["x-request-id"]
        #expect(Self.isNewId(none) && Self.isNewId(other) && none != other, "\(none ?? "none"), \(other ?? "none")")
        // One prefix, then the counter: the two differ in their last 16 digits only.
        #expect(none?.dropLast(16) == other?.dropLast(16))
        for bad in ["has space", String(repeating: "a", count: 129), "quote\"", "new\nline", ""] {
            let response = await t.server.respond(to: WireRequest(method: .get, path: "/health", headers: ["x-request-id": bad]))
            let answered = try #require(response.headers["x-request-id"])
            #expect(answered != bad && Self.isNewId(answered), "\(answered)")
        }
        #expect(RequestIdMiddleware.wellFormed(String(repeating: "a", count: 128)) != nil)
    }

    @Test func errorAnswersCarryTheIdToo() async throws {
        let t = try await TestServer.make()
        let response = await t.server.respond(to: WireRequest(method: .post, path: Route.session, headers: ["x-request-id": "r-1"]))
        #expect(response.status == 401)
        #expect(response.headers["x-request-id"] == "r-1")
    }

    @Test func theRequestsLogLineCarriesTheIdAndNoSecret() async throws {
        let (server, lines) = try await Self.loggingServer()
        let secret = "Bearer eyJ.secret-token.value"
        _ = await server.respond(
            to: WireRequest(
                method: .post, path: Route.session, headers: ["x-request-id": "trace-7", "authorization": secret], body: Data("{}".utf8)))
        let logged = lines.all
        let answered = try #require(logged.first { $0.contains("request answered") })
        #expect(answered.contains("request.id=trace-7"))
        #expect(answered.contains("http.route=/api/client/v2.0/auth/session"))
        #expect(answered.contains("http.status=401"))
        #expect(!logged.joined().contains("secret-token"))
    }

    /// Why the request log is Roster's own and not Hummingbird's `LogRequestsMiddleware`: a
    /// reset link carries its token in the query, and only the route pattern may be logged.
    @Test func aTokenInTheQueryNeverReachesTheLog() async throws {
        let (server, lines) = try await Self.loggingServer()
        let path = AccountPageLink.path(.reset, appId: TestConfig.appId)
        let response = await server.respond(to: WireRequest(method: .get, path: path + "?token=query-secret-4711&tokenId=abc"))
        #expect(response.status != 404)
        let answered = try #require(lines.all.first { $0.contains("request answered") })
        #expect(answered.contains("http.route=/account/{appId}/reset-password"))
        #expect(!lines.all.joined().contains("query-secret-4711"))
    }

    /// A server with its pages whose log lines are kept in memory.
    private static func loggingServer() async throws -> (RosterServer, LogLines) {
        let lines = LogLines()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-request-id-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let logger = Logger(label: "test") { _ in LogLines.Handler(lines: lines) }
        let server = try await ServerAssembly.open(
            databasePath: directory.appendingPathComponent("server.sqlite").path, apps: [TestConfig.app()],
            environment: ServerEnvironment(logger: logger))
        return (server, lines)
    }
}

/// Log lines kept in memory, with their metadata written `key=value`.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }

    struct Handler: LogHandler {
        let lines: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(
            level: Logger.Level, message: Logger.Message, metadata extra: Logger.Metadata?, source: String, file: String,
            function: String, line: UInt
        ) {
            let all = metadata.merging(extra ?? [:]) { $1 }
            lines.append("\(message) " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        }
    }
}
