import Foundation
import HTTPTypes
import RosterWire
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// The forwarded header is believed from trusted proxies only, and names the client nearest to
/// them that is not a trusted proxy.
@Suite struct ForwardedRequestTests {
    static func headers(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }

    static func client(_ pairs: [(String, String)], peer: String, trusted: Set<String>, _ header: ForwardedHeader = .xForwardedFor)
        -> String?
    {
        ForwardedRequest.clientAddress(headers: headers(pairs), peer: peer, trusted: trusted, header: header)
    }

    @Test func theRightmostAddressNoTrustedProxyHolds() {
        #expect(Self.client([("X-Forwarded-For", "198.51.100.9, 203.0.113.7")], peer: "10.0.0.2", trusted: ["10.0.0.2"]) == "203.0.113.7")
        // Two trusted hops: the one outside them.
        #expect(
            Self.client([("X-Forwarded-For", "198.51.100.9, 203.0.113.7, 10.0.0.3")], peer: "10.0.0.2", trusted: ["10.0.0.2", "10.0.0.3"])
                == "203.0.113.7")
        #expect(
            Self.client(
                [("Forwarded", #"for=203.0.113.7;proto=http, for="[2001:db8::1]:4711";proto=https;host=auth.example.com"#)],
                peer: "10.0.0.2", trusted: ["10.0.0.2", "2001:db8::1"], .forwarded) == "203.0.113.7")
    }

    /// A client that writes `X-Forwarded-For: 1.2.3.4` itself, through a proxy that appends what
    /// it saw, is still counted as what the proxy saw: the left of the header is never believed.
    @Test func aForgedLeftmostAddressIsNotBelieved() {
        #expect(Self.client([("X-Forwarded-For", "1.2.3.4, 203.0.113.7")], peer: "10.0.0.2", trusted: ["10.0.0.2"]) == "203.0.113.7")
    }

    /// The attack: behind nginx, which appends to `X-Forwarded-For` and passes `Forwarded` on as
    /// the client wrote it, a new `Forwarded: for=…` on each request was a new address each time.
    @Test func aClientSentForwardedHeaderIsNotRead() {
        let pairs = [("Forwarded", "for=198.51.100.77"), ("X-Forwarded-For", "203.0.113.7")]
        #expect(Self.client(pairs, peer: "10.0.0.2", trusted: ["10.0.0.2"]) == "203.0.113.7")
        // And where the proxy writes `Forwarded`, a client's `X-Forwarded-For` is not read.
        #expect(Self.client([("X-Forwarded-For", "1.2.3.4")], peer: "10.0.0.2", trusted: ["10.0.0.2"], .forwarded) == "10.0.0.2")
    }

    @Test func fromAnUntrustedPeerNoHeaderCounts() {
        let pairs = [("X-Forwarded-For", "1.2.3.4"), ("Forwarded", "for=1.2.3.4")]
        #expect(Self.client(pairs, peer: "192.0.2.50", trusted: ["10.0.0.2"]) == "192.0.2.50")
        #expect(Self.client(pairs, peer: "192.0.2.50", trusted: ["10.0.0.2"], .forwarded) == "192.0.2.50")
    }

    /// An entry that is not an address (a name, `unknown`, text meant for a log) stands for the
    /// proxy itself.
    @Test func anEntryThatIsNotAnAddressIsTheProxy() {
        for entry in ["unknown", "evil.example", "1.2.3.4\nforged log line", "", "::g"] {
            #expect(Self.client([("X-Forwarded-For", "198.51.100.9, \(entry)")], peer: "10.0.0.2", trusted: ["10.0.0.2"]) == "10.0.0.2")
        }
        #expect(Self.client([("Forwarded", "for=_hidden")], peer: "10.0.0.2", trusted: ["10.0.0.2"], .forwarded) == "10.0.0.2")
    }

    /// IPv6 clients are limited by their /64; an IPv4 address mapped into IPv6 counts as itself.
    @Test func anIPv6ClientIsCountedByItsNetwork() {
        #expect(ClientNetwork.of("2001:db8:1:2:a:b:c:d") == "2001:db8:1:2::/64")
        #expect(ClientNetwork.of("2001:db8:1:2::ffff") == ClientNetwork.of("2001:db8:1:2:ffff:ffff:ffff:1"))
        #expect(ClientNetwork.of("2001:db8:1:3::1") != ClientNetwork.of("2001:db8:1:2::1"))
        #expect(ClientNetwork.of("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(ClientNetwork.of("192.0.2.7") == "192.0.2.7")
        #expect(ClientNetwork.of("in-process") == "in-process")
    }

    /// Over loopback: the location answer is the address listened on whatever the request says,
    /// and log-in limits count the client a trusted proxy names, not the proxy.
    @Test(arguments: StoreKind.allCases) func behindATrustedProxyTheLimitsFollowTheClientAndTheLinksDoNot(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.limits = LimitsConfig(freeFailures: 1, failuresPerAddressPerHour: 2)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-forwarded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerAssembly.open(
            databasePath: try await kind.newDatabasePath(in: directory), apps: [config],
            environment: ServerEnvironment(trustedProxies: ["127.0.0.1"]))
        let (port, serving) = try await serveOnLoopback(server)
        defer { serving.cancel() }
        let base = "http://127.0.0.1:\(port)"

        // Links never follow the request: not its Host, not a proxy's forwarded host.
        let location = try await Self.send("GET", base + Route.location(appId: config.appId), [
            "X-Forwarded-Proto": "https", "X-Forwarded-Host": "auth.example.com", "X-Forwarded-For": "203.0.113.7",
            "Forwarded": "host=evil.example;proto=https", "Host": "attacker.example",
        ])
        #expect(try WireCoding.decode(LocationResponse.self, from: location.1).hostname == base)

        // Two clients behind the proxy: one reaches its address cap, the other is not held up.
        let login = base + Route.login(appId: config.appId, provider: .apiKey)
        for _ in 1...2 {
            #expect(try await Self.send("POST", login, ["X-Forwarded-For": "203.0.113.7"], body: #"{"key":"nope"}"#).0 == 401)
        }
        #expect(try await Self.send("POST", login, ["X-Forwarded-For": "203.0.113.7"], body: #"{"key":"nope"}"#).0 == 429)
        #expect(try await Self.send("POST", login, ["X-Forwarded-For": "198.51.100.9"], body: #"{"key":"nope"}"#).0 == 401)
        serving.cancel()
        _ = await serving.result
    }

    static func send(_ method: String, _ url: String, _ headers: [String: String], body: String? = nil) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        // A forged `Host` gets a session of its own: URLSession on Linux matches pooled
        // connections by it, and would hand another test's server this request, or the reverse.
        let session = headers.keys.contains { $0.lowercased() == "host" } ? URLSession(configuration: .ephemeral) : .shared
        defer { if session !== URLSession.shared { session.finishTasksAndInvalidate() } }
        let (data, response) = try await session.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, data)
    }
}
