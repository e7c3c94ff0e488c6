import Foundation
import IdentityProviderStandIn
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
import RosterServerAssembly

/// Browser sign-in with Google, Apple and Facebook, App Services' web OAuth flow: a real server
/// on loopback, the provider stand-in's sign-in pages over HTTP, and a browser that follows
/// each redirect by hand.
@Suite final class WebSignInTests {
    static let redirect = "https://app.example.com/handleOAuthLogin"

    let standIn: IdentityProviderStandIn
    let clock = TestClock()
    let browser = Browser()

    init() async throws {
        standIn = try await IdentityProviderStandIn.start()
        let clock = self.clock
        await standIn.state.setClock { clock.now }
    }

    deinit { standIn.stop() }

    /// A server on loopback whose providers are the stand-in, waiting at most a second for it.
    typealias Served = ServedOnLoopback

    /// `providerTimeout`: how long the server waits for the provider; generous, so that a
    /// loaded machine never turns a provider's answer into silence, except in the test of silence.
    func serve(_ store: StoreKind = .sqlite, startsPerHour: Int = 300, providerTimeout: TimeInterval = 15) async throws -> Served {
        let config = TestConfig.webSignIn(standIn)
        var app = config
        app.webSignIn = WebSignInConfig(
            allowedRedirectURLs: [Self.redirect, "https://app.example.com/other"], startsPerAddressPerHour: startsPerHour)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-web-sign-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let clock = self.clock
        var environment = ServerEnvironment(now: { clock.now }, http: AsyncHTTPOutbound(timeout: providerTimeout))
        environment.outboxDirectory = directory.appendingPathComponent("outbox")
        let server = try await ServerAssembly.open(
            databasePath: try await store.newDatabasePath(in: directory), apps: [app], environment: environment)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let serving = Task { try await server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        return Served(server: server, base: "http://127.0.0.1:\(port)", serving: serving, appId: app.appId)
    }

    func start(_ s: Served, _ provider: ProviderType, redirect: String = redirect, state: String = "client-state-1") -> String {
        "\(s.base)\(Route.login(appId: s.appId, provider: provider))?redirect=\(Browser.encoded(redirect))&state=\(Browser.encoded(state))"
    }

    /// Starts a sign-in and signs in at the stand-in's page as `subject`: the server's callback
    /// URL with the code and state (Google, Facebook), or the form Apple posts there.
    func signIn(_ s: Served, _ provider: ProviderType, subject: String = "test-user-1", deny: Bool = false) async throws
        -> (callback: String, fields: [String: String]?)
    {
        let started = try await browser.get(start(s, provider))
        #expect(started.status == 302)
        let authorize = try #require(started.location)
        #expect(authorize.hasPrefix(standIn.baseURL + "/authorize/"))
        let asked = Browser.query(of: authorize)
        #expect(asked["redirect_uri"] == "\(s.base)\(Route.base)/auth/callback")
        #expect(asked["code_challenge_method"] == "S256" && asked["code_challenge"]?.count == 43)
        #expect(asked["state"]?.count == 64 && asked["state"] != "client-state-1", "the server's own state, not the client's")
        let page = try await browser.get(authorize)
        #expect(page.status == 200, "\(page.body)")
        let form = try #require(page.form)
        var fields = form.fields
        fields["subject"] = subject
        if deny { fields["deny"] = "1" }
        let signedIn = try await browser.post(standIn.baseURL + form.action, form: fields)
        if signedIn.status == 303 { return (try #require(signedIn.location), nil) }
        let post = try #require(signedIn.form, "Apple answers a form the browser posts")
        return (post.action, post.fields)
    }

    /// Follows the provider's way back to the server: where the server sends the browser then.
    func back(_ callback: (callback: String, fields: [String: String]?)) async throws -> Browser.Page {
        if let fields = callback.fields { return try await browser.post(callback.callback, form: fields) }
        return try await browser.get(callback.callback)
    }

    /// The whole flow for `provider`: the client's redirect URL gets the tokens, and they work.
    func logsIn(_ provider: ProviderType, _ store: StoreKind) async throws {
        let s = try await serve(store)
        defer { s.serving.cancel() }
        let done = try await back(try await signIn(s, provider, subject: "web-1"))
        #expect(done.status == (provider == .apple ? 303 : 302))
        let location = try #require(done.location)
        #expect(location.hasPrefix(Self.redirect + "#"))
        let result = Browser.fragment(of: location)
        #expect(result["_baas_client_app_id"] == s.appId)
        #expect(result["_baas_state"] == "client-state-1")
        #expect(result["_baas_error"] == nil)
        let parts = try #require(result["_baas_ua"]).split(separator: "$").map(String.init)
        #expect(parts.count == 4)
        let me = try await s.server.respond(to: WireRequest(method: .get, path: Route.profile, headers: ["authorization": "Bearer \(parts[0])"]))
            .decoded(ProfileResponse.self)
        #expect(me.userId == parts[2])
        #expect(me.identities == [Identity(id: "web-1", providerType: provider.rawValue)])
        #expect(me.data["email"] == "test-user-1@example.com")
        let refreshed = await s.server.respond(to: WireRequest(method: .post, path: Route.session, headers: ["authorization": "Bearer \(parts[1])"]))
        #expect(refreshed.status == 200)

        // The same person again: the same user.
        let again = Browser.fragment(of: try #require(try await back(try await signIn(s, provider, subject: "web-1")).location))
        #expect(again["_baas_ua"]?.split(separator: "$").map(String.init)[2] == parts[2])
        #expect(try await s.users() == 1)
    }

    @Test(arguments: StoreKind.allCases) func googleSignsInThroughTheBrowser(_ store: StoreKind) async throws {
        try await logsIn(.google, store)
    }

    @Test(arguments: StoreKind.allCases) func appleSignsInThroughTheBrowserWithAFormPost(_ store: StoreKind) async throws {
        try await logsIn(.apple, store)
    }

    @Test func facebookSignsInThroughTheBrowser() async throws {
        try await logsIn(.facebook, .sqlite)
    }

    /// A page that fetches the start itself (`providerRedirectHeader=true`, realm-web 1.0) gets
    /// 200 with the provider's address in `X-Baas-Location`, a header it may read from another
    /// origin, rather than a redirect its fetch would follow to the provider.
    @Test func aPageThatFetchesTheStartGetsTheProvidersAddressInAHeader() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let answer = await s.server.respond(
            to: WireRequest(
                method: .get, path: Route.login(appId: s.appId, provider: .google),
                query: ["redirect": Self.redirect, "state": "client-state-1", "providerRedirectHeader": "true"],
                headers: ["origin": "https://app.example.com"]))
        #expect(answer.status == 200 && answer.headers["location"] == nil, "\(answer.headers)")
        let authorize = try #require(answer.headers["x-baas-location"], "\(answer.headers)")
        #expect(authorize.hasPrefix(standIn.authorizationEndpoint("google") + "?"))
        #expect(Browser.query(of: authorize)["state"]?.count == 64)
        #expect(answer.headers["access-control-allow-origin"] == "https://app.example.com")
        #expect(answer.headers["access-control-expose-headers"]?.lowercased() == "x-baas-location")
        #expect(answer.headers["cache-control"] == "no-store")
    }

    @Test func aStateTheServerDidNotStartIsRefused() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let (callback, _) = try await signIn(s, .google)
        var query = Browser.query(of: callback)
        query["state"] = String(repeating: "a", count: 64)
        let forged = try await browser.get(
            "\(s.base)\(Route.base)/auth/callback?" + query.map { "\($0.key)=\(Browser.encoded($0.value))" }.joined(separator: "&"))
        #expect(forged.status == 400 && forged.location == nil)
        #expect(forged.body.contains("not one this server started"), "\(forged.body)")
        let none = try await browser.get("\(s.base)\(Route.base)/auth/callback?code=x")
        #expect(none.status == 400 && none.body.contains("without its state"))
        #expect(try await s.users() == 0)
    }

    @Test func aStateIsGoodOnce() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let callback = try await signIn(s, .google)
        #expect(Browser.fragment(of: try await back(callback).location ?? "")["_baas_ua"] != nil)
        let replayed = try await back(callback)
        #expect(replayed.status == 400 && replayed.location == nil)
        #expect(replayed.body.contains("already been used"), "\(replayed.body)")
        #expect(try await s.users() == 1)
    }

    @Test func anExpiredStateIsRefused() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let callback = try await signIn(s, .google)
        clock.advance(by: 601)
        let late = try await back(callback)
        #expect(late.status == 400 && late.location == nil)
        #expect(late.body.contains("has expired"), "\(late.body)")
        #expect(try await s.users() == 0)
    }

    /// A refusal after the state checked out goes back to the client as `_baas_error`.
    func refusal(_ s: Served, _ provider: ProviderType = .google, deny: Bool = false) async throws -> String {
        let done = try await back(try await signIn(s, provider, deny: deny))
        let location = try #require(done.location)
        #expect(location.hasPrefix(Self.redirect + "#"))
        let result = Browser.fragment(of: location)
        #expect(result["_baas_ua"] == nil && result["_baas_state"] == "client-state-1" && result["_baas_client_app_id"] == s.appId)
        return try #require(result["_baas_error"])
    }

    @Test func aProviderThatAnswersAnErrorLogsNobodyIn() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        #expect(try await refusal(s, deny: true).contains("access_denied"))
        await standIn.state.setTokenFault(.error(status: 500, code: "server_error"))
        #expect(try await refusal(s).contains("Google refused the auth code: server_error"))
        #expect(try await refusal(s, .facebook).contains("Facebook refused the code"))
        #expect(try await s.users() == 0)
        let failed = try await s.server.admin.audit(appId: s.appId, AuditQuery()).filter { $0.event == .loginFailed }
        #expect(failed.count == 3 && Set(failed.compactMap(\.provider)) == ["oauth2-google", "oauth2-facebook"])
        #expect(failed.allSatisfy { $0.detail?.hasPrefix("browser sign-in: ") == true && $0.address == "127.0.0.1" })
    }

    @Test func aProviderThatAnswersNothingLogsNobodyIn() async throws {
        let s = try await serve(providerTimeout: 1)
        defer { s.serving.cancel() }
        await standIn.state.setTokenFault(.silence(seconds: 3))
        let error = try await refusal(s)
        #expect(error.contains("did not answer in time"), "\(error)")
        #expect(try await s.users() == 0)
    }

    @Test func anIDTokenForAnotherAppOrAnotherSignInIsRefused() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        await standIn.state.setClaimOverrides(["aud": "someone-else"])
        #expect(try await refusal(s).contains("issued to another app"))
        await standIn.state.setClaimOverrides(["nonce": "another-sign-in"])
        #expect(try await refusal(s, .apple).contains("nonce differs"))
        await standIn.state.setClaimOverrides(["iss": "https://evil.example.com"])
        #expect(try await refusal(s).contains("not issued by Google"))
        #expect(try await s.users() == 0)
    }

    @Test func aRedirectURLTheAppDoesNotAllowIsRefusedAndNotFollowed() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        for redirect in ["https://evil.example.com/steal", Self.redirect + "/more", "https://app.example.com/handleOAuthLogin?x=1", "javascript:alert(1)"] {
            let refused = try await browser.get(start(s, .google, redirect: redirect))
            #expect(refused.status == 400 && refused.location == nil, "\(redirect)")
            #expect(refused.body.contains("not one this app allows"), "\(refused.body)")
        }
        let missing = try await browser.get("\(s.base)\(Route.login(appId: s.appId, provider: .google))?state=x")
        #expect(missing.status == 400 && missing.body.contains("redirect"))
        let notWeb = try await browser.get(start(s, .anonymous))
        #expect(notWeb.status == 400 && notWeb.body.contains("no browser sign-in"))
        #expect(await standIn.state.count("/authorize") == 0, "nobody was sent to the provider")
        #expect(try await s.users() == 0)
    }

    @Test func startingSignInsIsCappedPerClientAddress() async throws {
        let s = try await serve(startsPerHour: 3)
        defer { s.serving.cancel() }
        for _ in 0..<3 { #expect(try await browser.get(start(s, .google)).status == 302) }
        let refused = try await browser.get(start(s, .google))
        #expect(refused.status == 429 && refused.location == nil)
        #expect(refused.body.contains("TooManyRequests"), "\(refused.body)")
        clock.advance(by: 3601)
        #expect(try await browser.get(start(s, .apple)).status == 302, "the next hour")
    }
}
