import Foundation
import RosterWire
import Testing
@testable import RosterServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The same router over real HTTP on 127.0.0.1, port 0.
@Suite struct HTTPServeTests {
    func send(_ method: String, _ url: String, body: Data? = nil, bearer: String? = nil) async throws -> (Int, [String: String], Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        return (http.statusCode, headers, data)
    }

    @Test func servesTheProtocolOverLoopback() async throws {
        let t = try await TestServer.make()
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let serving = Task { try await t.server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) } }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        #expect(port > 0)
        let base = "http://127.0.0.1:\(port)"

        let (status, _, body) = try await send("GET", base + Route.location(appId: t.appId))
        #expect(status == 200)
        #expect(try WireCoding.decode(LocationResponse.self, from: body).hostname == base)

        let (loginStatus, _, loginBody) = try await send("POST", base + Route.login(appId: t.appId, provider: .anonymous), body: Data("{}".utf8))
        #expect(loginStatus == 200)
        let login = try WireCoding.decode(LoginResponse.self, from: loginBody)
        let (profileStatus, _, profileBody) = try await send("GET", base + Route.profile, bearer: login.accessToken)
        #expect(profileStatus == 200)
        #expect(try WireCoding.decode(ProfileResponse.self, from: profileBody).userId == login.userId)

        let (missingStatus, headers, missingBody) = try await send("GET", base + "/no/such/route")
        #expect(missingStatus == 404)
        #expect(headers["content-type"] == "application/json")
        #expect(try WireCoding.decode(ErrorResponse.self, from: missingBody).errorCode == "RouteNotFound")

        let (badStatus, _, badBody) = try await send(
            "POST", base + Route.login(appId: t.appId, provider: .emailPassword), body: Data("{nope".utf8))
        #expect(badStatus == 400)
        #expect(try WireCoding.decode(ErrorResponse.self, from: badBody).errorCode == "BadRequest")

        let (logoutStatus, _, _) = try await send("DELETE", base + Route.session, bearer: login.refreshToken)
        #expect(logoutStatus == 204)
        let (refreshStatus, _, _) = try await send("POST", base + Route.session, bearer: login.refreshToken)
        #expect(refreshStatus == 401)

        serving.cancel()
        _ = await serving.result
    }
}
