import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPages

/// The approval page at `/device`: server-rendered forms behind a CSRF token bound to the
/// page's cookie; one wording for every code that cannot be used; wrong codes limited, then
/// locked.
@Suite struct DevicePageTests {
    static let invalid = "That code is not valid. Check it and try again."

    /// Many wrong codes allowed, for tests about something else.
    static func lenient() -> AppConfig {
        var config = TestConfig.app()
        config.deviceLogin.freeWrongCodes = 50
        config.deviceLogin.wrongCodesPerAddressPerHour = 100
        return config
    }

    @Test func theCodeFormIsPrefilledUncachedAndItsCookieStrict() async throws {
        let t = try await TestServer.make()
        let page = DevicePageClient(t)
        let response = try await page.open(code: "wdjb mjht")
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/html; charset=utf-8")
        #expect(response.headers["cache-control"] == "no-store")
        #expect(response.headers["x-frame-options"] == "DENY")
        let cookie = try #require(response.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/device"))
        #expect(page.html.contains(#"value="WDJB-MJHT""#))
        #expect(page.html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        #expect(!page.html.contains("<script"))
        // Whatever is given is escaped.
        try await page.open(code: #""><b>x"#)
        #expect(!page.html.contains("<b>x") && page.html.contains("&lt;b&gt;x"))
    }

    @Test(arguments: StoreKind.allCases) func aFormWithoutItsTokenOrWithAnotherIsRefused(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let started = try await t.started()
        let page = DevicePageClient(t)
        try await page.open()
        for csrf in [nil, "forged-token", ""] as [String?] {
            try await page.post(["action": "code", "code": started.userCode], csrf: .some(csrf))
            #expect(page.status == 403 && page.html.contains("This page had expired"), "\(csrf ?? "none")")
        }
        // A token from the page but without its cookie: as good as none.
        try await page.open()
        let token = page.csrf
        page.forgetCookie()
        try await page.post(["action": "code", "code": started.userCode], csrf: .some(token))
        #expect(page.status == 403)
        // Another page's cookie with this page's token.
        let other = DevicePageClient(t)
        try await other.open()
        try await page.open()
        try await other.post(["action": "code", "code": started.userCode], csrf: .some(page.csrf))
        #expect(other.status == 403)
        // Signed in on a real page, an approve with a forged token does nothing.
        try await page.post(["action": "code", "code": started.userCode])
        try await page.post(["action": "signin", "email": "ann@example.com", "password": "secret-12"])
        try await page.post(["action": "approve"], csrf: .some("forged-token"))
        #expect(page.status == 403)
        t.clock.advance(by: 5)
        #expect(await t.devicePoll(started.deviceCode).grantError == "authorization_pending")
        #expect(try await t.liveSessionCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func wrongExpiredUsedAndDeniedCodesReadTheSame(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.lenient(), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let used = try await t.started()
        try await t.approveOnPage(used.userCode, email: "ann@example.com", password: "secret-12")
        let denied = try await t.started()
        try await t.denyOnPage(denied.userCode)
        let expired = try await t.started()
        t.clock.advance(by: 601)
        let unknown = "BCDF-GHJK"
        var pages: [String] = []
        for code in [unknown, "not a code", used.userCode, denied.userCode, expired.userCode] {
            let page = DevicePageClient(t)
            try await page.open()
            try await page.post(["action": "code", "code": code])
            #expect(page.status == 400 && page.html.contains(Self.invalid), "\(code)")
            pages.append(page.html.replacingOccurrences(of: page.csrf ?? "-", with: ""))
        }
        #expect(Set(pages).count == 1, "the page is the same whatever was wrong with the code")
        #expect(try await t.liveSessionCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func wrongCodesAreSlowedThenLockedPerAddress(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.deviceLogin.freeWrongCodes = 2
        config.deviceLogin.wrongCodesPerAddressPerHour = 4
        let t = try await TestServer.make(config, store: kind)
        let started = try await t.started()
        let page = DevicePageClient(t)
        try await page.open()
        for _ in 1...3 {
            try await page.post(["action": "code", "code": "BCDF-GHJK"])
            #expect(page.status == 400)
        }
        // The third wrong code in a row makes the next try wait, even with the right code.
        try await page.post(["action": "code", "code": started.userCode])
        #expect(page.status == 429 && page.html.contains("Too many tries"))
        t.clock.advance(by: 2)
        try await page.post(["action": "code", "code": "BCDF-GHJK"])
        #expect(page.status == 400)
        // Four in the hour: locked until it ends, the right code too.
        t.clock.advance(by: 300)
        try await page.post(["action": "code", "code": started.userCode])
        #expect(page.status == 429)
        let audit = try await t.server.admin.audit(appId: t.appId, AuditQuery())
        #expect(audit.filter { $0.event == .loginFailed && $0.detail == "device code" }.count == 4)
        #expect(try await t.liveSessionCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func aWrongPasswordOnThePageIsToldAndCounted(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let started = try await t.started()
        let page = DevicePageClient(t)
        try await page.open(code: started.userCode)
        try await page.post(["action": "code", "code": started.userCode])
        #expect(page.html.contains("roster on lab-3, ") && page.html.contains(" UTC"))
        try await page.post(["action": "signin", "email": "ann@example.com", "password": "guess"])
        #expect(page.status == 401 && page.html.contains("The email or password is wrong."))
        #expect(!page.html.contains("guess"))
        // Approving without signing in does nothing.
        try await page.post(["action": "approve"])
        #expect(page.status == 400)
        let audit = try await t.server.admin.audit(appId: t.appId, AuditQuery())
        #expect(audit.contains { $0.event == .loginFailed && $0.detail == "ann@example.com" })
        t.clock.advance(by: 5)
        #expect(await t.devicePoll(started.deviceCode).grantError == "authorization_pending")
    }

    @Test(arguments: StoreKind.allCases) func registerAndForgotPasswordGoThroughTheOutbox(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TestConfig.app(autoConfirm: false), store: kind)
        let started = try await t.started()
        let page = DevicePageClient(t)
        try await page.open()
        try await page.post(["action": "code", "code": started.userCode])
        try await page.post(["action": "register", "email": "Bea@Example.com", "password": "secret-12"])
        #expect(page.status == 200 && page.html.contains("Registered. Confirm your email"), "\(page.html)")
        let confirmation = try #require(try t.outboxMessages().last)
        try await page.post(["action": "signin", "email": "bea@example.com", "password": "secret-12"])
        #expect(page.status == 401 && page.html.contains("Confirm your email first"))
        #expect(await t.emailRoute(.confirm, ["token": .string(confirmation.token), "tokenId": .string(confirmation.tokenId)]).status == 204)
        try await page.post(["action": "forgot", "email": "bea@example.com"])
        #expect(page.html.contains("a message with a link to set a new password is on its way"))
        #expect(try t.outboxMessages().count == 2)
        try await page.post(["action": "signin", "email": "bea@example.com", "password": "secret-12"])
        #expect(page.status == 200 && page.html.contains("Signed in as <strong>bea@example.com</strong>"))
        try await page.post(["action": "approve"])
        #expect(page.html.contains("Approved"))
        // The code was single-use: typing it again is a wrong code.
        try await page.post(["action": "code", "code": started.userCode])
        #expect(page.status == 400 && page.html.contains(Self.invalid))
        t.clock.advance(by: 5)
        #expect(await t.devicePoll(started.deviceCode).status == 200)
    }

    /// 14:02 UTC on the day of the test clock's start.
    static let twoPastTwo: Date = {
        let day: Int = 1_800_000_000 - 1_800_000_000 % 86400
        return Date(timeIntervalSince1970: TimeInterval(day + 14 * 3600 + 2 * 60))
    }()

    @Test func thePageRendersEachStage() {
        let record = DeviceAuthorizationRecord(
            id: "a", appId: "app", codeDigest: "d", userCode: "WDJBMJHT", client: "roster", terminal: "lab-3",
            startedAt: Self.twoPastTwo,
            expiresAt: .distantFuture, intervalSeconds: 5, state: .pending)
        let summary = DeviceRequestSummary(record, appName: "Roster demo")
        let signIn = DevicePageView.render(DevicePage(stage: .signIn(summary), csrf: "t0ken"))
        #expect(signIn.contains("roster on lab-3, 14:02 UTC") && signIn.contains("log you in to Roster demo"))
        #expect(signIn.contains(#"value="register""#) && signIn.contains(#"value="forgot""#) && signIn.contains(#"value="deny""#))
        #expect(signIn.components(separatedBy: #"name="csrf" value="t0ken""#).count == 3, "every form carries the token")
        let approve = DevicePageView.render(DevicePage(stage: .approve(summary, signedInAs: "emma@example.com"), csrf: "t"))
        #expect(approve.contains(#"value="approve""#) && approve.contains("emma@example.com"))
        var link = summary
        link.isLink = true
        #expect(DevicePageView.render(DevicePage(stage: .signIn(link), csrf: "t")).contains("link your account"))
        #expect(DevicePageView.render(DevicePage(stage: .denied, csrf: "t")).contains("Nobody was logged in"))
        var noPasswords = summary
        noPasswords.offersEmailPassword = false
        let withoutForm = DevicePageView.render(DevicePage(stage: .signIn(noPasswords), csrf: "t"))
        #expect(!withoutForm.contains(#"value="signin""#) && withoutForm.contains(#"value="deny""#))
    }
}
