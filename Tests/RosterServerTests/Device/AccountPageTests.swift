import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPages

/// The account pages that messages asked for on the device approval page link to: a person who
/// forgot their password, or must confirm their email, finishes on their phone and signs in
/// there. The link's token is the only credential; a wrong one is counted like a wrong token on
/// the account routes, and changes nothing.
@Suite struct AccountPageTests {
    /// A message's link opened in-process: its page, and its form posted.
    struct Visit {
        let t: TestServer
        let path: String
        let token: String
        let tokenId: String

        init(_ t: TestServer, link: String) throws {
            let url = try #require(URLComponents(string: link))
            let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
            self.init(t, path: url.path, token: query["token"] ?? "", tokenId: query["tokenId"] ?? "")
        }

        init(_ t: TestServer, path: String, token: String, tokenId: String) {
            (self.t, self.path, self.token, self.tokenId) = (t, path, token, tokenId)
        }

        func open() async -> WireResponse {
            await t.server.respond(to: WireRequest(method: .get, path: path, query: ["token": token, "tokenId": tokenId]))
        }

        func send(_ fields: [String: String] = [:]) async -> WireResponse {
            let form = fields.merging(["token": token, "tokenId": tokenId]) { mine, _ in mine }
            return await t.server.respond(to: WireRequest(
                method: .post, path: path, headers: ["content-type": "application/x-www-form-urlencoded"],
                body: Data(DevicePageClient.encode(form).utf8)))
        }
    }

    /// The device page, at the sign-in step for a code just started.
    static func pageAtSignIn(_ t: TestServer) async throws -> DevicePageClient {
        let started = try await t.started()
        let page = DevicePageClient(t)
        try await page.open(code: started.userCode)
        try await page.post(["action": "code", "code": started.userCode])
        return page
    }

    @Test(arguments: StoreKind.allCases) func aForgottenPasswordIsSetAgainFromTheMessagesLink(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let elsewhere = try await t.loggedIn(.emailPassword, ["username": "ann@example.com", "password": "secret-12"])
        let page = try await Self.pageAtSignIn(t)
        try await page.post(["action": "forgot", "email": "ann@example.com"])
        #expect(page.html.contains("a message with a link to set a new password is on its way"), "\(page.html)")
        let message = try #require(try t.outboxMessages().last)
        let link = try #require(message.link)
        #expect(link.contains("/account/\(t.appId)/reset-password?token=") && message.text.contains(link))

        let visit = try Visit(t, link: link)
        let form = await visit.open()
        let html = String(decoding: form.body, as: UTF8.self)
        #expect(form.status == 200 && html.contains("For <strong>ann@example.com</strong>"), "\(html)")
        #expect(form.headers["cache-control"] == "no-store" && form.headers["referrer-policy"] == "no-referrer")
        #expect(form.headers["set-cookie"] == nil)
        #expect(html.contains(#"action="http://127.0.0.1/account/\#(t.appId)/reset-password""#), "the form posts without the token in its URL")

        // Two passwords that differ, or one the app's policy refuses: the form again, nothing set.
        var answer = await visit.send(["password": "new-secret-34", "again": "new-secret-43"])
        #expect(answer.status == 400 && String(decoding: answer.body, as: UTF8.self).contains("The two passwords differ."))
        answer = await visit.send(["password": "short", "again": "short"])
        let refusal = String(decoding: answer.body, as: UTF8.self)
        #expect(answer.status == 400 && refusal.contains("New password") && refusal.contains("characters"), "\(refusal)")
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)

        answer = await visit.send(["password": "new-secret-34", "again": "new-secret-34"])
        #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self).contains("Your password is set."))
        #expect(!String(decoding: answer.body, as: UTF8.self).contains(visit.token), "the done page carries no token")
        // As the reset route: the old password and the sessions it opened are gone.
        #expect(await t.emailLogin("ann@example.com", "secret-12").errorCode == "InvalidPassword")
        #expect(await t.call(.post, Route.session, bearer: elsewhere.refreshToken).status == 401)
        let audit = try await t.server.admin.audit(appId: t.appId, AuditQuery())
        #expect(audit.contains { $0.event == .passwordReset && $0.detail == "ann@example.com" })

        // Back on the page that asked, Ann signs in with the new password.
        try await page.post(["action": "signin", "email": "ann@example.com", "password": "new-secret-34"])
        #expect(page.status == 200 && page.html.contains("Signed in as <strong>ann@example.com</strong>"))
        // The link is good once.
        let again = await visit.open()
        #expect(again.status == 400 && String(decoding: again.body, as: UTF8.self).contains(AccountPageView.invalidLink))
        #expect(await visit.send(["password": "other-secret-56", "again": "other-secret-56"]).status == 400)
        #expect(await t.emailLogin("ann@example.com", "new-secret-34").status == 200)
    }

    @Test(arguments: StoreKind.allCases) func aNewAccountIsConfirmedFromTheMessagesLink(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TestConfig.app(autoConfirm: false), store: kind)
        let page = try await Self.pageAtSignIn(t)
        try await page.post(["action": "register", "email": "bea@example.com", "password": "secret-12"])
        #expect(page.html.contains("Confirm your email with the link in the message we sent"), "\(page.html)")
        let message = try #require(try t.outboxMessages().last)
        let visit = try Visit(t, link: try #require(message.link))
        #expect(visit.path == "/account/\(t.appId)/confirm-email")

        // Opening the link confirms nothing (mail scanners open links): the button does.
        let form = await visit.open()
        #expect(form.status == 200 && String(decoding: form.body, as: UTF8.self).contains("Confirm that <strong>bea@example.com</strong>"))
        try await page.post(["action": "signin", "email": "bea@example.com", "password": "secret-12"])
        #expect(page.status == 401 && page.html.contains("Confirm your email first"))

        let done = await visit.send()
        #expect(done.status == 200 && String(decoding: done.body, as: UTF8.self).contains("Your email is confirmed."))
        try await page.post(["action": "signin", "email": "bea@example.com", "password": "secret-12"])
        #expect(page.status == 200 && page.html.contains("Signed in as <strong>bea@example.com</strong>"))
        // Pressed twice: still confirmed, and the used link shows nothing more.
        #expect(await visit.send().status == 200)
        #expect(await visit.open().status == 400)
    }

    @Test(arguments: StoreKind.allCases) func wrongLinksShowOneWordingChangeNothingAndAreCounted(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.limits = LimitsConfig(wrongTokensPerAddressPerHour: 4)
        let t = try await TestServer.make(config, store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let page = try await Self.pageAtSignIn(t)
        try await page.post(["action": "forgot", "email": "ann@example.com"])
        let good = try Visit(t, link: try #require(try t.outboxMessages().last?.link))
        let reset = "/account/\(t.appId)/reset-password"

        // A reset token on the confirmation page, a token cut short, another token id: the same page.
        let wrong = [
            Visit(t, path: "/account/\(t.appId)/confirm-email", token: good.token, tokenId: good.tokenId),
            Visit(t, path: reset, token: String(good.token.dropLast()), tokenId: good.tokenId),
            Visit(t, path: reset, token: good.token, tokenId: "000000000000000000000000"),
        ]
        for visit in wrong {
            let answer = await visit.open()
            let html = String(decoding: answer.body, as: UTF8.self)
            #expect(answer.status == 400 && html.contains(AccountPageView.invalidLink), "\(visit.path): \(html)")
            #expect(!html.contains("ann@example.com") && !html.contains("<form"))
        }
        // An app that is not served here is no app at all, and counts nothing.
        let elsewhere = await Visit(t, path: "/account/another-app/reset-password", token: good.token, tokenId: good.tokenId).open()
        #expect(elsewhere.status == 404)
        #expect(await Visit(t, path: reset, token: good.token, tokenId: "1").send(["password": "new-secret-34", "again": "new-secret-34"]).status == 400)

        // Four wrong tokens from this address: now even the good link waits, and nothing was set.
        let limited = await good.open()
        #expect(limited.status == 429 && String(decoding: limited.body, as: UTF8.self).contains("Too many tries from here"))
        #expect(await good.send(["password": "new-secret-34", "again": "new-secret-34"]).status == 429)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
        let audit = try await t.server.admin.audit(appId: t.appId, AuditQuery())
        #expect(audit.contains { $0.event == .requestLimited && $0.detail == "account page" })
        // The account routes share the count: the API is refused from here too.
        let api = await t.emailRoute(.reset, ["password": "new-secret-34", "token": .string(good.token), "tokenId": .string(good.tokenId)])
        #expect(api.status == 429)
    }

    @Test(arguments: StoreKind.allCases) func messagesAskedThroughTheAPICarryNoLink(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
        let message = try #require(try t.outboxMessages().last)
        #expect(message.link == nil)
        #expect(message.text.contains("with token \(message.token) and token id \(message.tokenId)"))
    }
}
