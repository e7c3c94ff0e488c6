import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Failed log-ins are slowed per account and capped per hour per account and per address; a
/// refused attempt checks nothing and writes nothing; other accounts go on as before.
@Suite struct LoginLimitTests {
    /// An app with `limits`, whose refusals are answered at once (the hold has its own tests in
    /// AccountCheckTests), so that `Retry-After` is the whole wait.
    static func app(_ limits: LimitsConfig) -> AppConfig {
        var config = TestConfig.app()
        config.limits = limits
        config.limits.limitedLoginHoldMilliseconds = 0
        return config
    }

    @Test(arguments: StoreKind.allCases) func failuresPastTheFreeOnesWaitLongerEachTimeAndASuccessClearsThem(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(LimitsConfig(freeFailures: 5, maxDelaySeconds: 60)), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        _ = await t.register("bob@example.com", "secret-34")
        for _ in 1...5 {
            #expect(await t.emailLogin("ann@example.com", "guess").errorCode == "InvalidPassword")
        }
        // Even the right password waits now, unchecked.
        let waiting = await t.emailLogin("ann@example.com", "secret-12")
        #expect(waiting.status == 429)
        #expect(waiting.errorCode == "TooManyRequests")
        #expect(waiting.headers["retry-after"] == "1")
        // Nothing was written: Ann has never logged in, so she has no user yet.
        #expect(try await t.server.admin.findUser(appId: t.appId, idOrEmail: "ann@example.com") == nil)
        // Someone else from the same place is not held up.
        #expect(await t.emailLogin("bob@example.com", "secret-34").status == 200)

        t.clock.advance(by: 1)
        #expect(await t.emailLogin("ann@example.com", "guess").errorCode == "InvalidPassword")
        #expect(await t.emailLogin("ann@example.com", "guess").headers["retry-after"] == "2")
        t.clock.advance(by: 2)
        #expect(await t.emailLogin("ann@example.com", "guess").status == 401)
        #expect(await t.emailLogin("ann@example.com", "guess").headers["retry-after"] == "4")
        t.clock.advance(by: 4)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
        // The success cleared the count: five free failures again.
        for _ in 1...5 {
            #expect(await t.emailLogin("ann@example.com", "guess").errorCode == "InvalidPassword")
        }
        #expect(await t.emailLogin("ann@example.com", "guess").status == 429)
    }

    @Test(arguments: StoreKind.allCases) func anAccountTakesAtMostItsFailuresAnHour(_ kind: StoreKind) async throws {
        let limits = LimitsConfig(freeFailures: 2, maxDelaySeconds: 1, failuresPerAccountPerHour: 6)
        let t = try await TestServer.make(Self.app(limits), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        for _ in 1...6 {
            #expect(await t.emailLogin("ann@example.com", "guess").errorCode == "InvalidPassword")
            t.clock.advance(by: 1)
        }
        let capped = await t.emailLogin("ann@example.com", "secret-12")
        #expect(capped.status == 429)
        // The hour started at the first failure, six seconds ago.
        #expect(capped.headers["retry-after"] == "3594")
        t.clock.advance(by: 3594)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
    }

    @Test(arguments: StoreKind.allCases) func anUnknownEmailIsAnsweredExactlyAsAWrongPassword(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(Self.app(LimitsConfig(freeFailures: 5)), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        var known: [WireResponse] = []
        var unknown: [WireResponse] = []
        for _ in 1...6 {
            known.append(await t.emailLogin("ann@example.com", "guess"))
            unknown.append(await t.emailLogin("zed@example.com", "guess"))
        }
        for (a, b) in zip(known, unknown) {
            #expect(a.status == b.status)
            #expect(a.body == b.body)
            #expect(a.headers["retry-after"] == b.headers["retry-after"])
        }
        #expect(known.last?.status == 429)
    }

    @Test(arguments: StoreKind.allCases) func oneAddressTakesAtMostItsFailuresAnHourAcrossAccountsAndProviders(_ kind: StoreKind) async throws {
        let limits = LimitsConfig(freeFailures: 5, failuresPerAddressPerHour: 8)
        let t = try await TestServer.make(Self.app(limits), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        for index in 1...5 {
            #expect(await t.emailLogin("user\(index)@example.com", "guess").status == 401)
        }
        for _ in 1...3 {
            #expect(await t.login(.apiKey, ["key": "not-a-key"]).errorCode == "AuthError")
        }
        let capped = await t.emailLogin("ann@example.com", "secret-12")
        #expect(capped.status == 429)
        #expect(capped.headers["retry-after"] == "3600")
        #expect(await t.login(.apiKey, ["key": "not-a-key"]).status == 429)
        // Anonymous log-ins guess nothing and are not limited.
        #expect(await t.login(.anonymous).status == 200)
    }

    @Test(arguments: StoreKind.allCases) func malformedRequestsAreNotCountedAsGuesses(_ kind: StoreKind) async throws {
        // Two failures free for the account and two an hour for the address: eight counted would
        // hold the log-in after them, by either.
        let t = try await TestServer.make(Self.app(LimitsConfig(freeFailures: 2, failuresPerAddressPerHour: 2)), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let login = Route.login(appId: t.appId, provider: .emailPassword)
        // Each is refused for what it is, naming Ann's account where it can, and none is a guess.
        let malformed: [(Data, String, String)] = [
            ((["username": 5] as JSONValue).data, "InvalidParameter", "parameter 'username' has the wrong type"),
            ((["username": "ann@example.com"] as JSONValue).data, "MissingParameter", "missing parameter 'password'"),
            ((["username": "ann@example.com", "password": 12] as JSONValue).data, "InvalidParameter", "parameter 'password' has the wrong type"),
            (Data(#"{"username": "ann@example.com", "password": "#.utf8), "BadRequest", "the request body is not valid JSON"),
        ]
        for _ in 1...2 {
            for (body, code, message) in malformed {
                let bad = await t.call(.post, login, body: body)
                #expect(bad.status == 400 && bad.errorCode == code, "\(String(decoding: body, as: UTF8.self))")
                #expect(bad.errorMessage == message, "\(String(decoding: body, as: UTF8.self))")
                #expect(bad.headers["retry-after"] == nil)
            }
        }
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
    }

    @Test func theLimitsAreReadFromTheConfigurationAndChecked() throws {
        let text = #"{"appId": "a", "limits": {"freeFailures": 3, "failuresPerAccountPerHour": 50}}"#
        let config = try AppConfig.parse(Data(text.utf8), source: "app.json")
        #expect(config.limits == LimitsConfig(freeFailures: 3, failuresPerAccountPerHour: 50))
        #expect(try AppConfig.parse(Data(#"{"appId": "a"}"#.utf8), source: "app.json").limits == LimitsConfig())
        #expect(throws: AppConfigError.self) {
            try AppConfig.parse(Data(#"{"appId": "a", "limits": {"freeFailure": 3}}"#.utf8), source: "app.json")
        }
        #expect(throws: AppConfigError.self) {
            try AppConfig.parse(Data(#"{"appId": "a", "limits": {"freeFailures": 0}}"#.utf8), source: "app.json")
        }
    }
}
