import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// CORS on the client API and an app's `allowedRequestOrigins`, over real HTTP: every route
/// family's preflight and answer from a listed origin, an unlisted one and none; a refused
/// origin writes nothing; the configuration refuses what is not an origin.
@Suite struct RequestOriginTests {
    static let listed = "https://shop.example"
    static let unlisted = "https://elsewhere.example"

    /// The test app, allowing `listed` (written as it need not be: the list is normalised).
    static func server(log lines: LogLines = LogLines()) async throws -> TestServer {
        var config = DataAccessTests.config()
        config.rules = [DataAccessOperationsTests.notes, DataAccessTests.closed, TestConfig.ownCustomData]
        config.allowedRequestOrigins = ["HTTPS://Shop.Example:443", "http://localhost:8080"]
        return try await TestServer.make(config) { $0.logger = Logger(label: "test") { _ in LogLines.Handler(lines: lines) } }
    }

    struct Answer {
        let status: Int
        let headers: HTTPHeaders
        let body: Data
        var errorCode: String? { (try? WireCoding.decode(ErrorResponse.self, from: body))?.errorCode }
        var allowOrigin: String? { headers.first(name: "Access-Control-Allow-Origin") }
        var corsHeaders: [String] { headers.map(\.name).filter { $0.lowercased().hasPrefix("access-control-") } }
        var varies: Bool { headers[canonicalForm: "Vary"].contains { $0.lowercased() == "origin" } }
    }

    /// One request over HTTP; a change stream's body is not read (it never ends): its status and
    /// head are what the test reads.
    static func send(
        _ port: Int, _ method: HTTPMethod, _ path: String, origin: String?, bearer: String? = nil, json: JSONValue? = nil,
        headers extra: [(String, String)] = []
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        if let origin { request.headers.add(name: "Origin", value: origin) }
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: json.data))
        }
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        if response.headers.first(name: "Content-Type") == "text/event-stream" {
            return Answer(status: Int(response.status.code), headers: response.headers, body: Data())
        }
        let body = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Data(buffer: body))
    }

    struct Family {
        let name: String
        let method: HTTPMethod
        let path: String
        var bearer: String?
        var json: JSONValue?
        var headers: [(String, String)] = []
    }

    /// A request of every route family of the client API, with the tokens they need.
    static func families(_ t: TestServer) async throws -> [Family] {
        let anon = try await t.loggedIn(.anonymous)
        let appPath = Route.app(t.appId)
        let call = JSONValue.object(["name": "no-such-function", "arguments": []])
        let watch = Data(ChangeStreamTests.watch().compactText.utf8).base64EncodedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return [
            Family(name: "location", method: .GET, path: Route.location(appId: t.appId)),
            Family(name: "providers", method: .GET, path: Route.providers(appId: t.appId)),
            Family(name: "log-in", method: .POST, path: Route.login(appId: t.appId, provider: .anonymous), json: [:]),
            Family(name: "session refresh", method: .POST, path: Route.session, bearer: anon.refreshToken),
            Family(name: "profile", method: .GET, path: Route.profile, bearer: anon.accessToken),
            Family(name: "functions/call", method: .POST, path: Route.functionCall(appId: t.appId), bearer: anon.accessToken, json: call),
            Family(
                name: "watch", method: .GET, path: Route.functionCall(appId: t.appId) + "?baas_request=" + watch, bearer: anon.accessToken,
                headers: [("Accept", "text/event-stream")]),
            Family(name: "api keys", method: .GET, path: Route.apiKeys, bearer: anon.refreshToken),
            Family(
                name: "register", method: .POST, path: Route.emailPassword(appId: t.appId, .register),
                json: ["email": "ann@example.com", "password": "secret-12"]),
            Family(name: "reset", method: .POST, path: Route.emailPassword(appId: t.appId, .resetSend), json: ["email": "bob@example.com"]),
            Family(name: "device start", method: .POST, path: "\(appPath)/auth/device/start", json: ["client": "roster", "terminal": "lab"]),
            Family(name: "device poll", method: .POST, path: "\(appPath)/auth/device/poll", json: ["device_code": "no-such-code"]),
        ]
    }

    @Test(.timeLimit(.minutes(2))) func everyRouteFamilysPreflightAnswersAListedOriginOnly() async throws {
        let t = try await Self.server()
        let families = try await Self.families(t)
        try await withLoopbackServer(t.server) { port in
            for family in families {
                let asked: [(String, String)] = [
                    ("Access-Control-Request-Method", family.method.rawValue),
                    ("Access-Control-Request-Headers", "authorization,content-type,x-requested-with"),
                ]
                let allowed = try await Self.send(port, .OPTIONS, family.path, origin: Self.listed, headers: asked)
                #expect(allowed.status == 204, "\(family.name)")
                #expect(allowed.allowOrigin == Self.listed, "\(family.name)")
                #expect(allowed.varies, "\(family.name)")
                #expect(allowed.headers.first(name: "Access-Control-Max-Age") == "600", "\(family.name)")
                let methods = allowed.headers.first(name: "Access-Control-Allow-Methods") ?? ""
                #expect(methods.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.contains(family.method.rawValue))
                let headers = (allowed.headers.first(name: "Access-Control-Allow-Headers") ?? "").lowercased()
                for name in ["authorization", "content-type", "x-requested-with", "accept"] {
                    #expect(headers.contains(name), "\(family.name): \(name)")
                }

                let refused = try await Self.send(port, .OPTIONS, family.path, origin: Self.unlisted, headers: asked)
                #expect(refused.status == 403 && refused.errorCode == "AccessDenied", "\(family.name): \(refused.status)")
                #expect(refused.corsHeaders.isEmpty, "\(family.name): \(refused.corsHeaders)")

                let bare = try await Self.send(port, .OPTIONS, family.path, origin: nil, headers: asked)
                #expect(bare.status != 204 && bare.corsHeaders.isEmpty, "\(family.name): \(bare.status)")
            }
        }
    }

    @Test(.timeLimit(.minutes(2))) func everyRouteFamilysAnswerCarriesTheListedOriginAndRefusesAnother() async throws {
        let t = try await Self.server()
        let families = try await Self.families(t)
        try await withLoopbackServer(t.server) { port in
            for family in families {
                let refused = try await Self.send(
                    port, family.method, family.path, origin: Self.unlisted, bearer: family.bearer, json: family.json, headers: family.headers)
                #expect(refused.status == 403 && refused.errorCode == "AccessDenied", "\(family.name): \(refused.status)")
                #expect(refused.corsHeaders.isEmpty, "\(family.name): \(refused.corsHeaders)")

                let allowed = try await Self.send(
                    port, family.method, family.path, origin: Self.listed, bearer: family.bearer, json: family.json, headers: family.headers)
                #expect(allowed.errorCode != "AccessDenied", "\(family.name): \(allowed.status)")
                if family.name == "watch" { #expect(allowed.status == 200 && allowed.body.isEmpty, "a change stream opens") }
                #expect(allowed.allowOrigin == Self.listed, "\(family.name)")
                #expect(allowed.varies, "\(family.name)")

                let bare = try await Self.send(
                    port, family.method, family.path, origin: nil, bearer: family.bearer, json: family.json, headers: family.headers)
                #expect(bare.errorCode != "AccessDenied", "\(family.name): \(bare.status)")
                #expect(bare.corsHeaders.isEmpty, "\(family.name): \(bare.corsHeaders)")
            }
            // The log-out, last: it ends the session.
            let anon = try await t.loggedIn(.anonymous)
            let refused = try await Self.send(port, .DELETE, Route.session, origin: Self.unlisted, bearer: anon.refreshToken)
            #expect(refused.status == 403 && refused.corsHeaders.isEmpty)
            #expect(await t.call(.get, Route.profile, bearer: anon.accessToken).status == 200)
            let loggedOut = try await Self.send(port, .DELETE, Route.session, origin: Self.listed, bearer: anon.refreshToken)
            #expect(loggedOut.status == 204 && loggedOut.allowOrigin == Self.listed)
        }
    }

    /// Error answers carry the origin too, so a page can read why it was refused.
    @Test(.timeLimit(.minutes(2))) func errorAnswersCarryTheOrigin() async throws {
        let t = try await Self.server()
        try await withLoopbackServer(t.server) { port in
            let badToken = try await Self.send(port, .GET, Route.profile, origin: Self.listed, bearer: "not-a-token")
            #expect(badToken.status == 401 && badToken.allowOrigin == Self.listed && badToken.varies)
            let noRoute = try await Self.send(port, .GET, Route.base + "/no/such/route", origin: Self.listed)
            #expect(noRoute.status == 404 && noRoute.allowOrigin == Self.listed)
            let noApp = try await Self.send(port, .GET, Route.location(appId: "no-such-app"), origin: Self.listed)
            #expect(noApp.errorCode == "AppNotFound" && noApp.allowOrigin == Self.listed)
            let wrongPassword = try await Self.send(
                port, .POST, Route.login(appId: t.appId, provider: .emailPassword), origin: Self.listed,
                json: ["username": "nobody@example.com", "password": "wrong-password"])
            #expect(wrongPassword.status == 401 && wrongPassword.allowOrigin == Self.listed)
        }
    }

    /// A refused origin does no work: no user, no session, no audit line, no message.
    @Test(.timeLimit(.minutes(2))) func aRefusedOriginWritesNothing() async throws {
        let lines = LogLines()
        let t = try await Self.server(log: lines)
        _ = try await t.loggedIn(.anonymous)
        let (users, sessions) = (try await t.userCount(), try await t.liveSessionCount())
        let audit = try await t.server.admin.audit(appId: t.appId, AuditQuery()).count
        try await withLoopbackServer(t.server) { port in
            let login = try await Self.send(port, .POST, Route.login(appId: t.appId, provider: .anonymous), origin: Self.unlisted, json: [:])
            #expect(login.status == 403 && login.errorCode == "AccessDenied")
            let register = try await Self.send(
                port, .POST, Route.emailPassword(appId: t.appId, .register), origin: Self.unlisted,
                json: ["email": "ann@example.com", "password": "secret-12"])
            #expect(register.status == 403)
            let device = try await Self.send(
                port, .POST, "\(Route.app(t.appId))/auth/device/start", origin: Self.unlisted, json: ["client": "roster", "terminal": "lab"])
            #expect(device.status == 403)
        }
        #expect(try await t.userCount() == users)
        #expect(try await t.liveSessionCount() == sessions)
        #expect(try await t.server.admin.audit(appId: t.appId, AuditQuery()).count == audit)
        #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: "ann@example.com") == nil)
        // The log says why, naming the origin and the app.
        let refusals = lines.all.filter { $0.hasPrefix("request origin not allowed") }
        #expect(refusals.count == 3)
        #expect(refusals.allSatisfy { $0.contains("origin=\(Self.unlisted)") && $0.contains("app=\(t.appId)") }, "\(refusals)")
    }

    /// Without a list every origin may call, as in App Services; paths outside the client API
    /// carry no CORS header.
    @Test(.timeLimit(.minutes(2))) func anAppWithoutAListAllowsEveryOrigin() async throws {
        let t = try await TestServer.make()
        try await withLoopbackServer(t.server) { port in
            let path = Route.login(appId: t.appId, provider: .anonymous)
            let preflight = try await Self.send(port, .OPTIONS, path, origin: Self.unlisted)
            #expect(preflight.status == 204 && preflight.allowOrigin == Self.unlisted)
            let login = try await Self.send(port, .POST, path, origin: Self.unlisted, json: [:])
            #expect(login.status == 200 && login.allowOrigin == Self.unlisted)
            let health = try await Self.send(port, .GET, "/health", origin: Self.unlisted)
            #expect(health.status == 200 && health.corsHeaders.isEmpty)
        }
    }

    @Test func theListIsNormalisedAndComparedExactly() throws {
        let origins = try RequestOrigins(["HTTPS://Shop.Example:443", "http://localhost:8080", "http://[::1]:80"])
        #expect(origins.listed == ["https://shop.example", "http://localhost:8080", "http://[::1]"])
        #expect(origins.allows("https://shop.example"))
        #expect(origins.allows(nil))
        #expect(!origins.allows("http://shop.example"))
        #expect(!origins.allows("https://shop.example:8443"))
        #expect(!origins.allows("https://Shop.example"))
        #expect(!origins.allows("null"))
        #expect(RequestOrigins.any.allows("https://anywhere.example"))
    }

    @Test(arguments: [
        ("*", "'*'"), ("https://shop.example/path", "no path"), ("https://shop.example/", "no path"), ("ftp://shop.example", "scheme"),
        ("https://ann@shop.example", "no user"), ("https://shop.example?x=1", "no path"), ("shop.example", "scheme://host"),
        ("https://shop.example:99999", "port"), ("https://", "host"),
    ])
    func theConfigurationRefusesWhatIsNotAnOrigin(_ entry: String, _ words: String) throws {
        let json = JSONValue.object(["appId": "web", "allowedRequestOrigins": ["https://fine.example", .string(entry)]])
        do {
            _ = try AppConfig.parse(json.data, source: "app.json")
            Issue.record("\(entry) was accepted")
        } catch let error as AppConfigError {
            #expect(error.description.contains("'\(entry)'"), "\(error)")
            #expect(error.description.contains(words), "\(error)")
        }
    }

    @Test func theConfigurationReadsTheList() throws {
        let json = JSONValue.object(["appId": "web", "allowedRequestOrigins": ["https://shop.example"]])
        #expect(try AppConfig.parse(json.data, source: "app.json").allowedRequestOrigins == ["https://shop.example"])
        #expect(try AppConfig.parse(JSONValue.object(["appId": "web"]).data, source: "app.json").allowedRequestOrigins == nil)
    }
}
