import Foundation
import HTTPTypes
import RosterWire
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import RosterServer

/// Forwarded headers are believed from trusted proxies only, and name the client nearest to
/// them that is not a trusted proxy.
@Suite struct ForwardedRequestTests {
    static func headers(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }

    @Test func xForwardedHeadersFromATrustedProxy() {
        let headers = Self.headers([
            ("X-Forwarded-For", "198.51.100.9, 203.0.113.7"), ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "auth.example.com"),
        ])
        let forwarded = ForwardedRequest(headers: headers, peer: "10.0.0.2", trusted: ["10.0.0.2"])
        // The proxy saw 203.0.113.7; what that client claims before it is not believed.
        #expect(forwarded == ForwardedRequest.Expected(clientAddress: "203.0.113.7", scheme: "https", host: "auth.example.com").value)
    }

    @Test func theForwardedHeaderWithSeveralTrustedHops() {
        let headers = Self.headers([("Forwarded", #"for=203.0.113.7;proto=http, for="[2001:db8::1]:4711";proto=https;host=auth.example.com"#)])
        let forwarded = ForwardedRequest(headers: headers, peer: "10.0.0.2", trusted: ["10.0.0.2", "2001:db8::1"])
        #expect(forwarded == ForwardedRequest.Expected(clientAddress: "203.0.113.7", scheme: "https", host: "auth.example.com").value)
    }

    @Test func fromAnyoneElseTheHeadersAreIgnored() {
        let headers = Self.headers([("X-Forwarded-For", "1.2.3.4"), ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "evil.example")])
        let forwarded = ForwardedRequest(headers: headers, peer: "192.0.2.50", trusted: ["10.0.0.2"])
        #expect(forwarded == ForwardedRequest.Expected(clientAddress: "192.0.2.50", scheme: nil, host: nil).value)
    }

    @Test func aForgedSchemeOrHostIsDropped() {
        let headers = Self.headers([("X-Forwarded-Proto", "javascript"), ("X-Forwarded-Host", "a.example/path")])
        let forwarded = ForwardedRequest(headers: headers, peer: "10.0.0.2", trusted: ["10.0.0.2"])
        #expect(forwarded.scheme == nil && forwarded.host == nil)
        #expect(forwarded.clientAddress == "10.0.0.2")
    }

    /// Over loopback: the location answer follows a trusted proxy's headers, and log-in limits
    /// count the client it names, not the proxy.
    @Test(arguments: StoreKind.allCases) func behindATrustedProxyTheLocationAndTheLimitsFollowTheClient(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.limits = LimitsConfig(freeFailures: 1, failuresPerAddressPerHour: 2)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-forwarded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await RosterServer.open(
            databasePath: try await kind.newDatabasePath(in: directory), apps: [config],
            environment: ServerEnvironment(trustedProxies: ["127.0.0.1"]))
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let serving = Task { try await server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) } }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let base = "http://127.0.0.1:\(port)"

        let location = try await Self.send("GET", base + Route.location(appId: config.appId), [
            "X-Forwarded-Proto": "https", "X-Forwarded-Host": "auth.example.com", "X-Forwarded-For": "203.0.113.7",
        ])
        #expect(try WireCoding.decode(LocationResponse.self, from: location.1).hostname == "https://auth.example.com")

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
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, data)
    }
}

extension ForwardedRequest {
    /// A value to compare with, field by field.
    struct Expected {
        var clientAddress: String?
        var scheme: String?
        var host: String?
        var value: ForwardedRequest {
            var made = ForwardedRequest(headers: HTTPFields(), peer: clientAddress, trusted: [])
            made.scheme = scheme
            made.host = host
            return made
        }
    }
}
