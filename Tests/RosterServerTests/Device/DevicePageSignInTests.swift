import Foundation
import IdentityProviderStandIn
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPages
import RosterServerAssembly

/// Google, Apple and Facebook on the device approval page: a real server on loopback, the
/// provider stand-in's sign-in pages over HTTP, a person's browser that follows every redirect
/// by hand and keeps the page's cookie, and the terminal polling in-process.
@Suite final class DevicePageSignInTests {
    let standIn: IdentityProviderStandIn
    let clock = TestClock()
    let browser = Browser()

    init() async throws {
        standIn = try await IdentityProviderStandIn.start()
        let clock = self.clock
        await standIn.state.setClock { clock.now }
    }

    deinit { standIn.stop() }

    struct Served {
        let t: TestServer
        let base: String
        let serving: Task<Void, any Error>
    }

    /// `providerTimeout`: how long the server waits for the provider; generous, so that a
    /// loaded machine never turns a provider's answer into silence, except in the test of silence.
    func serve(_ store: StoreKind = .sqlite, providerTimeout: TimeInterval = 15) async throws -> Served {
        let app = TestConfig.webSignIn(standIn)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-device-page-sign-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let clock = self.clock
        var environment = ServerEnvironment(now: { clock.now }, http: AsyncHTTPOutbound(timeout: providerTimeout))
        environment.outboxDirectory = directory.appendingPathComponent("outbox")
        let databasePath = try await store.newDatabasePath(in: directory)
        let server = try await ServerAssembly.open(databasePath: databasePath, apps: [app], environment: environment)
        let (port, serving) = try await serveOnLoopback(server)
        return Served(
            t: TestServer(server: server, directory: directory, clock: clock, appId: app.appId, databasePath: databasePath),
            base: "http://127.0.0.1:\(port)", serving: serving)
    }

    /// A person's browser on the approval page: the page's cookie and the CSRF token of its
    /// last page. `Browser` follows nothing, so each hop is seen.
    final class PageBrowser: @unchecked Sendable {
        let browser: Browser
        let base: String
        var cookie: String?
        var csrf: String?
        var last: Browser.Page?

        init(_ browser: Browser, base: String) {
            self.browser = browser
            self.base = base
        }

        var html: String { last?.body ?? "" }
        var status: Int { last?.status ?? 0 }

        @discardableResult
        func get(_ pathAndQuery: String) async throws -> Browser.Page {
            keep(try await browser.get(base + pathAndQuery, headers: headers()))
        }

        @discardableResult
        func post(_ fields: [String: String]) async throws -> Browser.Page {
            var fields = fields
            fields["csrf"] = csrf
            return keep(try await browser.post(base + "/device", form: fields, headers: headers()))
        }

        /// Opens the page and types `userCode`: the sign-in step.
        func enter(_ userCode: String) async throws {
            try await get("/device")
            try await post(["action": "code", "code": userCode])
        }

        private func headers() -> [String: String] { cookie.map { ["cookie": "roster_device=\($0)"] } ?? [:] }

        private func keep(_ page: Browser.Page) -> Browser.Page {
            last = page
            if let set = page.setCookie, let value = DevicePageClient.cookieValue(set) { cookie = value }
            if let token = DevicePageClient.csrf(in: page.body) { csrf = token }
            return page
        }
    }

    /// Presses "Sign in with …" and signs in at the stand-in as `subject` (or refuses there):
    /// the server's callback URL, with the form Apple posts there.
    func signIn(_ page: PageBrowser, _ provider: ProviderType, subject: String = "web-1", deny: Bool = false) async throws
        -> (callback: String, fields: [String: String]?)
    {
        let started = try await page.post(["action": "provider-\(provider.rawValue)"])
        #expect(started.status == 303, "\(started.body)")
        let authorize = try #require(started.location)
        #expect(authorize.hasPrefix(standIn.baseURL + "/authorize/"))
        #expect(Browser.query(of: authorize)["redirect_uri"] == "\(page.base)\(Route.base)/auth/callback")
        let signInPage = try await browser.get(authorize)
        let form = try #require(signInPage.form)
        var fields = form.fields
        fields["subject"] = subject
        if deny { fields["deny"] = "1" }
        let signedIn = try await browser.post(standIn.baseURL + form.action, form: fields)
        if signedIn.status == 303 { return (try #require(signedIn.location), nil) }
        let post = try #require(signedIn.form, "Apple answers a form the browser posts")
        return (post.action, post.fields)
    }

    /// The provider's way back, in a browser with no cookie for the server's callback (the
    /// page's cookie is for `/device` only): the page it answers, and where that page moves on to.
    func back(_ callback: (callback: String, fields: [String: String]?)) async throws -> (page: Browser.Page, next: String?) {
        let page: Browser.Page
        if let fields = callback.fields {
            page = try await browser.post(callback.callback, form: fields)
        } else {
            page = try await browser.get(callback.callback)
        }
        let refresh = Browser.Page.first(#"http-equiv="refresh" content="0;url=([^"]*)""#, in: page.body).map(Browser.Page.unescape)
        return (page, refresh)
    }

    func poll(_ s: Served, _ deviceCode: String) async -> WireResponse {
        s.t.clock.advance(by: 6)
        return await s.t.devicePoll(deviceCode)
    }

    /// The whole device log-in through `provider`: the terminal logs in as that identity.
    func logsIn(_ provider: ProviderType, _ store: StoreKind) async throws {
        let s = try await serve(store)
        defer { s.serving.cancel() }
        let started = try await s.t.started()
        let page = PageBrowser(browser, base: s.base)
        try await page.enter(started.userCode)
        #expect(page.status == 200)
        for name in ["Google", "Apple", "Facebook"] { #expect(page.html.contains("Sign in with \(name)</button>"), "\(name)") }
        #expect(page.last?.body.contains("<script") == false)

        let callback = try await signIn(page, provider)
        let (answer, next) = try await back(callback)
        #expect(answer.status == 200 && answer.location == nil && answer.setCookie == nil)
        let state = try #require(Browser.query(of: callback.callback)["state"] ?? callback.fields?["state"])
        #expect(next == "/device?signin=\(state)", "only the state goes back to the page")
        #expect(answer.body.contains(#"<a href="/device?signin="#), "a link for a browser that does not refresh")

        try await page.get(try #require(next))
        #expect(page.status == 200, "\(page.html)")
        let name = WebSignInService.displayName(provider)
        #expect(page.html.contains("Signed in as <strong>test-user-1@example.com</strong> via \(name)."), "\(page.html)")
        #expect(await s.t.devicePoll(started.deviceCode).grantError == "authorization_pending", "nothing approved yet")
        try await page.post(["action": "approve"])
        #expect(page.status == 200 && page.html.contains("Approved"))

        let answerToPoll = await poll(s, started.deviceCode)
        #expect(answerToPoll.status == 200, "\(answerToPoll)")
        #expect(answerToPoll.json?["provider_type"] == .string(provider.rawValue))
        let login = try answerToPoll.decoded(LoginResponse.self)
        let me = try await s.t.server.respond(to: WireRequest(method: .get, path: Route.profile, headers: ["authorization": "Bearer \(login.accessToken)"]))
            .decoded(ProfileResponse.self)
        #expect(me.userId == login.userId)
        #expect(me.identities == [Identity(id: "web-1", providerType: provider.rawValue)])
        #expect(me.data["email"] == "test-user-1@example.com")
    }

    @Test(arguments: StoreKind.allCases) func aTerminalLogsInThroughGoogleOnThePage(_ store: StoreKind) async throws {
        try await logsIn(.google, store)
    }

    @Test func aTerminalLogsInThroughAppleWhichAnswersWithAFormPost() async throws {
        try await logsIn(.apple, .sqlite)
    }

    @Test func aTerminalLogsInThroughFacebook() async throws {
        try await logsIn(.facebook, .sqlite)
    }

    @Test func aLinkStartThroughGoogleLinksTheIdentityToTheBearersUser() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let anonymous = try await s.t.login(.anonymous).decoded(LoginResponse.self)
        let started = try await s.t.started(bearer: anonymous.accessToken)
        let page = PageBrowser(browser, base: s.base)
        try await page.enter(started.userCode)
        #expect(page.html.contains("asks to link your account"))
        let (_, next) = try await back(try await signIn(page, .google, subject: "linked-1"))
        try await page.get(try #require(next))
        #expect(page.html.contains("via Google"), "\(page.html)")
        try await page.post(["action": "approve"])
        #expect(page.html.contains("Approved"))

        let answer = await poll(s, started.deviceCode)
        #expect(answer.status == 200 && answer.json?["provider_type"] == "oauth2-google", "\(answer)")
        #expect(answer.json?.objectValue?.keys.contains("refresh_token") == false, "a link answer")
        let me = try await s.t.server.respond(to: WireRequest(method: .get, path: Route.profile, headers: ["authorization": "Bearer \(anonymous.accessToken)"]))
            .decoded(ProfileResponse.self)
        #expect(Set(me.identities.map(\.providerType)) == ["anon-user", "oauth2-google"])
        #expect(try await s.t.server.admin.listUsers(appId: s.t.appId).count == 1)
    }

    /// After a refusal: the page says so and stays on the sign-in step, the terminal still
    /// waits, and no session was written.
    func refusedOnThePage(_ s: Served, _ page: PageBrowser, _ deviceCode: String, sessionsBefore: Int, saying text: String) async throws {
        #expect(page.status >= 400, "\(page.html)")
        #expect(page.html.contains(text), "\(page.html)")
        #expect(!page.html.contains("Signed in as"))
        try await page.post(["action": "approve"])
        #expect(!page.html.contains("Approved"), "\(page.html)")
        #expect(await s.t.devicePoll(deviceCode).grantError != nil)
        #expect(try await s.t.liveSessionCount() == sessionsBefore)
        #expect(try await s.t.server.admin.listUsers(appId: s.t.appId).count == 0)
    }

    @Test func aProviderErrorShowsOnThePageAndApprovesNothing() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let started = try await s.t.started()
        let page = PageBrowser(browser, base: s.base)
        try await page.enter(started.userCode)
        let (_, next) = try await back(try await signIn(page, .google, deny: true))
        try await page.get(try #require(next))
        try await refusedOnThePage(s, page, started.deviceCode, sessionsBefore: 0, saying: "Google did not sign the person in: access_denied")

        await standIn.state.setClaimOverrides(["aud": "someone-else"])
        try await page.post(["action": "code", "code": started.userCode])
        let (_, again) = try await back(try await signIn(page, .google))
        try await page.get(try #require(again))
        try await refusedOnThePage(s, page, started.deviceCode, sessionsBefore: 0, saying: "issued to another app")
        let failed = try await s.t.server.admin.audit(appId: s.t.appId, AuditQuery()).filter { $0.event == .loginFailed }
        #expect(failed.count == 2 && failed.allSatisfy { $0.detail?.hasPrefix("device page sign-in: ") == true })
    }

    @Test func aProviderThatAnswersNothingShowsOnThePage() async throws {
        let s = try await serve(providerTimeout: 1)
        defer { s.serving.cancel() }
        let started = try await s.t.started()
        let page = PageBrowser(browser, base: s.base)
        try await page.enter(started.userCode)
        await standIn.state.setTokenFault(.silence(seconds: 3))
        let (_, next) = try await back(try await signIn(page, .google))
        try await page.get(try #require(next))
        try await refusedOnThePage(s, page, started.deviceCode, sessionsBefore: 0, saying: "did not answer in time")
    }

    @Test func aWrongOrReusedStateSignsNobodyIn() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let started = try await s.t.started()
        let page = PageBrowser(browser, base: s.base)
        try await page.enter(started.userCode)
        let callback = try await signIn(page, .google)
        var query = Browser.query(of: callback.callback)
        let state = try #require(query["state"])

        // The callback refuses a state it did not start, or the kept outcome's key as a state.
        for wrong in [String(repeating: "a", count: 64), DevicePageSignIn.returnKey(state)] {
            query["state"] = wrong
            let forged = try await browser.get(
                "\(s.base)\(Route.base)/auth/callback?" + query.map { "\($0.key)=\(Browser.encoded($0.value))" }.joined(separator: "&"))
            #expect(forged.status == 400 && !forged.body.contains("/device?signin"), "\(forged.body)")
            let inABrowser = try await browser.get(
                "\(s.base)\(Route.base)/auth/callback?" + query.map { "\($0.key)=\(Browser.encoded($0.value))" }.joined(separator: "&"),
                headers: ["accept": "text/html,application/xhtml+xml"])
            #expect(inABrowser.status == 400 && inABrowser.location == nil)
            #expect(inABrowser.body.contains("<p role=\"status\">This sign-in is not one this server started: start it again.</p>"))
            #expect(inABrowser.body.contains("Nobody was signed in"))
        }
        // The page refuses a state that did not come back.
        try await page.get("/device?signin=\(String(repeating: "b", count: 64))")
        try await refusedOnThePage(s, page, started.deviceCode, sessionsBefore: 0, saying: "did not come back here")

        // The real one works once; its state is good once at the callback and once on the page.
        let (_, next) = try await back(callback)
        #expect(try await back(callback).page.status == 400, "the provider's answer replayed")
        let replayed = try await browser.get(callback.callback, headers: ["accept": "text/html"])
        #expect(replayed.status == 400 && replayed.body.contains("This sign-in has already been used: start it again."), "\(replayed.body)")
        try await page.get(try #require(next))
        #expect(page.html.contains("via Google"))
        let other = PageBrowser(browser, base: s.base)
        try await other.enter(started.userCode)
        try await other.get(try #require(next))
        try await refusedOnThePage(s, other, started.deviceCode, sessionsBefore: 0, saying: "did not come back here")
    }

    @Test func aSignInStartedOnAnotherPageCannotFinishThisOne() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let started = try await s.t.started()
        // Someone starts Google on their own page and has the victim sign in at the provider.
        let theirs = PageBrowser(browser, base: s.base)
        try await theirs.enter(started.userCode)
        let (_, next) = try await back(try await signIn(theirs, .google, subject: "victim"))
        // The victim's browser comes back with the victim's own page cookie.
        let victims = PageBrowser(browser, base: s.base)
        try await victims.enter(started.userCode)
        try await victims.get(try #require(next))
        try await refusedOnThePage(s, victims, started.deviceCode, sessionsBefore: 0, saying: "started on another page")
        // And with no page cookie at all.
        let none = PageBrowser(browser, base: s.base)
        try await none.get(try #require(next))
        #expect(none.status == 403 && none.html.contains("This page had expired"))
        // The outcome was taken by the first try: it is gone for the starter too.
        try await theirs.get(try #require(next))
        try await refusedOnThePage(s, theirs, started.deviceCode, sessionsBefore: 0, saying: "did not come back here")
    }

    @Test func aCodeDecidedMeanwhileIsNotApproved() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let started = try await s.t.started()
        let page = PageBrowser(browser, base: s.base)
        try await page.enter(started.userCode)
        let callback = try await signIn(page, .google)
        try await s.t.denyOnPage(started.userCode)
        let (_, next) = try await back(callback)
        try await page.get(try #require(next))
        #expect(page.status == 400 && page.html.contains(DevicePageView.invalidCode), "\(page.html)")
        #expect(!page.html.contains("Signed in as"))
        #expect(await s.t.devicePoll(started.deviceCode).grantError == "access_denied")
        #expect(try await s.t.liveSessionCount() == 0)
        #expect(try await s.t.server.admin.listUsers(appId: s.t.appId).count == 0)
    }

    @Test func aProviderTheAppDoesNotEnableHasNoButtonAndNoSignIn() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let started = try await s.t.started()
        let page = PageBrowser(browser, base: s.base)
        try await page.enter(started.userCode)
        let refused = try await page.post(["action": "provider-custom-token"])
        #expect(refused.status == 400 && refused.location == nil && refused.body.contains("not one this app offers"))
        #expect(await standIn.state.count("/authorize") == 0)
    }

    @Test func thePageShowsAButtonPerBrowserProviderAndWhichOneSignedIn() {
        let record = DeviceAuthorizationRecord(
            id: "a", appId: "app", codeDigest: "d", userCode: "WDJBMJHT", client: "roster", terminal: "lab-3", startedAt: Date(),
            expiresAt: .distantFuture, intervalSeconds: 5, state: .pending)
        let summary = DeviceRequestSummary(record, appName: "Roster demo", browserProviders: [.google, .facebook])
        let signIn = DevicePageView.render(DevicePage(stage: .signIn(summary), csrf: "t0ken"))
        #expect(signIn.contains(#"<button class="quiet" type="submit" name="action" value="provider-oauth2-google">Sign in with Google</button>"#))
        #expect(signIn.contains(#"value="provider-oauth2-facebook">Sign in with Facebook</button>"#))
        #expect(!signIn.contains("Apple") && !signIn.contains("<script"))
        #expect(signIn.components(separatedBy: #"name="csrf" value="t0ken""#).count == 5, "each button's form carries the token")
        let none = DevicePageView.render(DevicePage(stage: .signIn(DeviceRequestSummary(record, appName: "Roster demo")), csrf: "t"))
        #expect(!none.contains("Sign in with"))
        let via = DevicePageView.render(DevicePage(stage: .approve(summary, signedInAs: "emma@example.com", via: .apple), csrf: "t"))
        #expect(via.contains("Signed in as <strong>emma@example.com</strong> via Apple."))
        let byPassword = DevicePageView.render(DevicePage(stage: .approve(summary, signedInAs: "emma@example.com"), csrf: "t"))
        #expect(byPassword.contains("Signed in as <strong>emma@example.com</strong>.</p>"))
    }

    @Test func theButtonsLeadOnlyToTheProvidersOwnSignInPages() async throws {
        let s = try await serve()
        defer { s.serving.cancel() }
        let page = DevicePageClient(s.t)
        let response = try await page.open()
        let policy = try #require(response.headers["content-security-policy"])
        #expect(policy.contains("form-action 'self' \(standIn.baseURL);"), "\(policy)")
        #expect(policy.contains("default-src 'none'"))
    }
}
