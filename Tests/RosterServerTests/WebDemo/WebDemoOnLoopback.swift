import Foundation
import RosterOperations
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A roster-server serving the demo app and its users on a loopback port, with the web demo's
/// page on a second port (another origin), as `roster-server serve --demo --web-demo-port`
/// runs them. Serving stops when `body` ends.
///
///     try await WebDemoOnLoopback.with { served in
///         let page = try await served.get("/")
///     }
struct WebDemoOnLoopback {
    let test: TestServer
    /// The client API's base, `http://127.0.0.1:PORT`.
    let api: String
    /// The page's base, on another port.
    let page: String

    static func with<Result>(
        webDemoAppId: String? = nil, _ body: (WebDemoOnLoopback) async throws -> Result
    ) async throws -> Result {
        var config = try AppConfig.demo()
        config.passwordHashing = PasswordHashingConfig(logN: 10, r: 8, p: 1)
        let test = try await TestServer.make(config, store: .sqlite)
        try await test.server.seedDemoUsers(appId: test.appId)
        let (ports, continuation) = AsyncStream.makeStream(of: (String, Int).self)
        let webDemo = WebDemoEndpoint(host: "127.0.0.1", port: 0, appId: webDemoAppId ?? test.appId) { port in
            continuation.yield(("page", port))
        }
        let serving = Task {
            try await test.server.serve(host: "127.0.0.1", port: 0, shutdownOn: [], webDemo: webDemo) { port in
                continuation.yield(("api", port))
            }
        }
        defer { serving.cancel() }
        var bound: [String: Int] = [:]
        for await (name, port) in ports {
            bound[name] = port
            if bound.count == 2 { break }
        }
        let api = try #require(bound["api"]), page = try #require(bound["page"])
        return try await body(WebDemoOnLoopback(test: test, api: "http://127.0.0.1:\(api)", page: "http://127.0.0.1:\(page)"))
    }

    /// An answer of the page's port.
    func get(_ path: String, method: String = "GET") async throws -> (status: Int, headers: [String: String], body: String) {
        var request = URLRequest(url: URL(string: page + path)!)
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return (http.statusCode, headers, String(decoding: data, as: UTF8.self))
    }
}
