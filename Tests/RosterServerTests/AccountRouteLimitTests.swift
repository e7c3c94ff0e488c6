import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Registrations per address, confirmation and reset requests per email, and wrong tokens per
/// address are capped each hour; a refused request writes and sends nothing.
@Suite struct AccountRouteLimitTests {
    static func app(_ limits: LimitsConfig, autoConfirm: Bool = true) -> AppConfig {
        var config = TestConfig.app(autoConfirm: autoConfirm)
        config.limits = limits
        return config
    }

    @Test(arguments: StoreKind.allCases) func registrationsFromOneAddressAreCappedEachHour(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(LimitsConfig(registrationsPerAddressPerHour: 3)), store: kind)
        for index in 1...3 {
            #expect(await t.register("user\(index)@example.com", "secret-12").status == 201)
        }
        let refused = await t.register("user4@example.com", "secret-12")
        #expect(refused.status == 429)
        #expect(refused.errorCode == "TooManyRequests")
        #expect(refused.headers["retry-after"] == "3600")
        #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: "user4@example.com") == nil)
        let limited = try await t.server.admin.audit(appId: t.appId, AuditQuery()).first
        #expect(limited?.event == .requestLimited && limited?.detail == "register" && limited?.address == "in-process")
        #expect(await t.emailLogin("user4@example.com", "secret-12").errorCode == "InvalidPassword")
        t.clock.advance(by: 3600)
        #expect(await t.register("user4@example.com", "secret-12").status == 201)
    }

    @Test(arguments: StoreKind.allCases) func resetMessagesToOneEmailAreCappedAndAnUnknownEmailIsAnsweredTheSame(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(LimitsConfig(accountMessagesPerEmailPerHour: 2)), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        var known: [WireResponse] = []
        var unknown: [WireResponse] = []
        for _ in 1...3 {
            known.append(await t.emailRoute(.resetSend, ["email": "ann@example.com"]))
            unknown.append(await t.emailRoute(.resetSend, ["email": "zed@example.com"]))
        }
        #expect(known.map(\.status) == [204, 204, 429])
        #expect(zip(known, unknown).allSatisfy { $0.status == $1.status && $0.body == $1.body })
        #expect(try t.outboxMessages().filter { $0.to == "ann@example.com" }.count == 2, "the refused one sent nothing")
        // Another person's mail goes out as before.
        _ = await t.register("bob@example.com", "secret-34")
        #expect(await t.emailRoute(.resetSend, ["email": "bob@example.com"]).status == 204)
    }

    /// The enumeration: one address asks for messages to a list of emails, one request each, which
    /// the per-email cap never stops. The per-address cap does, whatever the email, on all four
    /// message routes, and a refused request sends nothing.
    @Test(arguments: StoreKind.allCases) func messagesFromOneAddressAreCappedWhateverTheEmail(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(LimitsConfig(accountMessagesPerAddressPerHour: 4)), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let routes: [Route.EmailPassword] = [.resetSend, .confirmSend, .resetCall, .confirmCall]
        var statuses: [Int] = []
        for (index, route) in (routes + routes).enumerated() {
            statuses.append(await t.emailRoute(route, ["email": .string("person\(index)@example.com")]).status)
        }
        #expect(statuses.prefix(4).allSatisfy { $0 != 429 } && statuses.dropFirst(4).allSatisfy { $0 == 429 }, "\(statuses)")
        let sentBefore = try t.outboxMessages().count
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 429)
        #expect(try t.outboxMessages().count == sentBefore)
        t.clock.advance(by: 3600)
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
    }

    /// Anonymous users are free to make but not without end: one address makes at most so many
    /// an hour, and a refused log-in makes no user.
    @Test(arguments: StoreKind.allCases) func anonymousUsersFromOneAddressAreCappedEachHour(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(LimitsConfig(anonymousUsersPerAddressPerHour: 3)), store: kind)
        for _ in 1...3 { #expect(await t.login(.anonymous).status == 200) }
        let refused = await t.login(.anonymous)
        #expect(refused.status == 429 && refused.headers["retry-after"] != nil)
        #expect(try await t.userCount() == 3)
        // Other providers from the same address are not held up.
        _ = await t.register("ann@example.com", "secret-12")
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
        t.clock.advance(by: 3600)
        #expect(await t.login(.anonymous).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func wrongTokensFromOneAddressAreCappedEachHour(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(LimitsConfig(wrongTokensPerAddressPerHour: 3)), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
        let message = try #require(try t.outboxMessages().last)
        for _ in 1...3 {
            let wrong = await t.emailRoute(.reset, ["password": "new-secret-1", "token": "0000", "tokenId": .string(message.tokenId)])
            #expect(wrong.errorCode == "BadRequest")
        }
        // Now even the right token waits, and the password is unchanged.
        let refused = await t.emailRoute(
            .reset, ["password": "new-secret-1", "token": .string(message.token), "tokenId": .string(message.tokenId)])
        #expect(refused.status == 429)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
        t.clock.advance(by: 3600)
        // The token outlived its 30 minutes meanwhile; a new one works.
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
        let fresh = try #require(try t.outboxMessages().last)
        let reset = await t.emailRoute(.reset, ["password": "new-secret-1", "token": .string(fresh.token), "tokenId": .string(fresh.tokenId)])
        #expect(reset.status == 204)
    }

    @Test func theAccountLimitsAreReadFromTheConfigurationAndChecked() throws {
        let text = #"{"appId": "a", "limits": {"registrationsPerAddressPerHour": 7, "accountMessagesPerEmailPerHour": 2}}"#
        let config = try AppConfig.parse(Data(text.utf8), source: "app.json")
        #expect(config.limits.registrationsPerAddressPerHour == 7)
        #expect(config.limits.accountMessagesPerEmailPerHour == 2)
        #expect(config.limits.wrongTokensPerAddressPerHour == 20)
        #expect(throws: AppConfigError.self) {
            try AppConfig.parse(Data(#"{"appId": "a", "limits": {"wrongTokensPerAddressPerHour": 0}}"#.utf8), source: "app.json")
        }
    }
}
