import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `POST …/auth/device/start` and `…/poll`: the terminal's side of device log-in, exactly as
/// docs/PROTOCOL-ADDITIONS.md describes it.
@Suite struct DeviceLoginTests {
    @Test(arguments: StoreKind.allCases) func startAnswersADeviceCodeAUserCodeAndWhereToGo(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let started = try await t.started()
        #expect(started.userCode.wholeMatch(of: /[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}/) != nil)
        #expect(started.deviceCode.count >= 43 && started.deviceCode.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(started.verificationUri == "http://127.0.0.1/device")
        #expect(started.verificationUriComplete == "http://127.0.0.1/device?code=\(started.userCode)")
        #expect(started.expiresIn == 600 && started.interval == 5)
        // The store keeps the device code's digest only.
        let store = try await t.storeHandle(kind)
        let record = try #require(try await store.deviceAuthorization(userCode: started.userCode.replacingOccurrences(of: "-", with: "")))
        #expect(record.codeDigest == SecretDigest.hex(of: started.deviceCode))
        #expect(record.client == "roster" && record.terminal == "lab-3" && record.state == .pending)
        let entry = try #require(try await t.server.admin.audit(appId: t.appId, AuditQuery()).first)
        #expect(entry.event == .deviceStarted && entry.detail == "roster on lab-3")
        #expect(try await t.liveSessionCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func pollIsPendingSlowsDownThenLogsInOnce(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let started = try await t.started()
        let pending = await t.devicePoll(started.deviceCode)
        #expect(pending.status == 400 && pending.grantError == "authorization_pending" && pending.json?["error_code"] == "AuthorizationPending")
        let fast = await t.devicePoll(started.deviceCode)
        #expect(fast.status == 400 && fast.grantError == "slow_down" && fast.json?["interval"] == 10)
        t.clock.advance(by: 5)
        #expect(await t.devicePoll(started.deviceCode).grantError == "slow_down", "the interval is 10 seconds now")
        t.clock.advance(by: 15)
        #expect(await t.devicePoll(started.deviceCode).grantError == "authorization_pending")

        try await t.approveOnPage(started.userCode, email: "ann@example.com", password: "secret-12")
        #expect(try await t.liveSessionCount() == 0, "the session is opened by the poll, not the approval")
        t.clock.advance(by: 15)
        let answer = await t.devicePoll(started.deviceCode)
        #expect(answer.status == 200)
        let login = try answer.decoded(LoginResponse.self)
        #expect(answer.json?["provider_type"] == "local-userpass")
        #expect(login.revocationToken != nil)
        let profile = try await t.call(.get, Route.profile, bearer: login.accessToken).decoded(ProfileResponse.self)
        #expect(profile.userId == login.userId && profile.data["email"] == "ann@example.com")
        #expect(await t.call(.post, Route.session, bearer: login.refreshToken).status == 200)
        // Used up.
        t.clock.advance(by: 15)
        #expect(await t.devicePoll(started.deviceCode).grantError == "invalid_grant")
        #expect(try await t.liveSessionCount() == 1)
        let events = try await t.server.admin.audit(appId: t.appId, AuditQuery()).map(\.event)
        #expect(Array(events.reversed().suffix(3)) == [.deviceStarted, .deviceApproved, .loggedIn])
        let loggedIn = try #require(try await t.server.admin.audit(appId: t.appId, AuditQuery()).first)
        #expect(loggedIn.detail == "device" && loggedIn.provider == "local-userpass" && loggedIn.userId == login.userId)
    }

    @Test(arguments: StoreKind.allCases) func unknownExpiredDeniedAndUsedCodesLogNobodyIn(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        #expect(await t.devicePoll("no-such-code").grantError == "invalid_grant")
        #expect(await t.devicePoll("no-such-code").json?["error_code"] == "InvalidGrant")

        let denied = try await t.started()
        try await t.denyOnPage(denied.userCode)
        let answer = await t.devicePoll(denied.deviceCode)
        #expect(answer.status == 400 && answer.grantError == "access_denied" && answer.json?["error_code"] == "AccessDenied")
        #expect(try await t.server.admin.audit(appId: t.appId, AuditQuery()).first?.event == .deviceDenied)

        let expiring = try await t.started()
        try await t.approveOnPage(expiring.userCode, email: "ann@example.com", password: "secret-12")
        t.clock.advance(by: 601)
        let expired = await t.devicePoll(expiring.deviceCode)
        #expect(expired.status == 400 && expired.grantError == "expired_token" && expired.json?["error_code"] == "ExpiredToken")
        #expect(try await t.liveSessionCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func malformedStartsAndPollsAreRefusedAndWriteNothing(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let path = "\(Route.app(t.appId))/auth/device"
        for body in ["{nope", "[1]", #"{"client": 5}"#, #"{"terminal": ""}"#, #"{"client": "\#(String(repeating: "x", count: 65))"}"#,
            #"{"terminal": "lab\u0007"}"#]
        {
            let response = await t.call(.post, "\(path)/start", body: Data(body.utf8))
            #expect(response.status == 400 && response.errorResponse != nil, "\(body)")
        }
        for body in ["{nope", "{}", #"{"device_code": 5}"#] {
            let response = await t.call(.post, "\(path)/poll", body: Data(body.utf8))
            #expect(response.status == 400 && ["BadRequest", "MissingParameter", "InvalidParameter"].contains(response.errorCode), "\(body)")
        }
        let unknownApp = await t.deviceStart([:], appId: "no-such-app")
        #expect(unknownApp.status == 404 && unknownApp.errorCode == "AppNotFound")
        let badBearer = await t.deviceStart([:], bearer: "not-a-token")
        #expect(badBearer.status == 401 && badBearer.errorCode == "InvalidSession")
        #expect(try await t.server.admin.audit(appId: t.appId, AuditQuery()).isEmpty, "no start was recorded")
        #expect(try await t.liveSessionCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func concurrentPollsOfAnApprovedCodeOpenOneSession(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let started = try await t.started()
        try await t.approveOnPage(started.userCode, email: "ann@example.com", password: "secret-12")
        let answers = await withTaskGroup(of: WireResponse.self) { group in
            for _ in 0..<4 { group.addTask { await t.devicePoll(started.deviceCode) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.filter { $0.status == 200 }.count == 1)
        #expect(try await t.liveSessionCount() == 1)
    }

    @Test(arguments: StoreKind.allCases) func aStartWithAnAccessTokenLinksTheIdentitySignedInOnThePage(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let anon = try await t.loggedIn(.anonymous)
        _ = await t.register("ann@example.com", "secret-12")
        let started = try await t.started(bearer: anon.accessToken)
        try await t.approveOnPage(started.userCode, email: "ann@example.com", password: "secret-12")
        t.clock.advance(by: 5)
        let answer = await t.devicePoll(started.deviceCode)
        #expect(answer.status == 200)
        let linked = try answer.decoded(LinkResponse.self)
        #expect(answer.json?.objectValue?.keys.contains("refresh_token") == false && answer.json?["provider_type"] == "local-userpass")
        #expect(linked.userId == anon.userId && linked.deviceId == anon.deviceId)
        let profile = try await t.call(.get, Route.profile, bearer: linked.accessToken).decoded(ProfileResponse.self)
        #expect(Set(profile.identities.map(\.providerType)) == ["anon-user", "local-userpass"])
        #expect(try await t.emailLogin("ann@example.com", "secret-12").decoded(LoginResponse.self).userId == anon.userId)
        #expect(try await t.userCount() == 1)
    }

    @Test(arguments: StoreKind.allCases) func startsAreLimitedPerClientAddress(_ kind: StoreKind) async throws {
        var config = TestConfig.app()
        config.deviceLogin.startsPerAddressPerHour = 2
        let t = try await TestServer.make(config, store: kind)
        #expect(await t.deviceStart().status == 200)
        #expect(await t.deviceStart().status == 200)
        let refused = await t.deviceStart()
        #expect(refused.status == 429 && refused.errorCode == "TooManyRequests" && refused.headers["retry-after"] != nil)
        t.clock.advance(by: 3601)
        #expect(await t.deviceStart().status == 200)
    }

    @Test func expiryAndIntervalComeFromTheAppConfiguration() async throws {
        var config = TestConfig.app()
        config.deviceLogin = DeviceLoginConfig(expiresInSeconds: 120, intervalSeconds: 2)
        let t = try await TestServer.make(config)
        let started = try await t.started()
        #expect(started.expiresIn == 120 && started.interval == 2)
        t.clock.advance(by: 121)
        #expect(await t.devicePoll(started.deviceCode).grantError == "expired_token")
    }

    @Test func deviceLoginSettingsDecodeWithDefaultsAndAreChecked() throws {
        let defaults = try AppConfig.parse(Data(#"{"appId": "a"}"#.utf8), source: "test")
        #expect(defaults.deviceLogin == DeviceLoginConfig(expiresInSeconds: 600, intervalSeconds: 5))
        let set = try AppConfig.parse(Data(#"{"appId": "a", "deviceLogin": {"expiresInSeconds": 300, "intervalSeconds": 3}}"#.utf8), source: "test")
        #expect(set.deviceLogin.expiresInSeconds == 300 && set.deviceLogin.intervalSeconds == 3)
        for bad in [
            #"{"expiresInSeconds": 10}"#, #"{"intervalSeconds": 0}"#, #"{"intervalSeconds": 61}"#, #"{"expiresInSeconds": 60, "intervalSeconds": 60}"#,
            #"{"wrongCodesPerAddressPerHour": 2, "freeWrongCodes": 3}"#, #"{"startsPerAddressPerHour": 0}"#, #"{"nope": 1}"#,
        ] {
            #expect(throws: AppConfigError.self, "\(bad)") {
                try AppConfig.parse(Data(#"{"appId": "a", "deviceLogin": \#(bad)}"#.utf8), source: "test")
            }
        }
    }

    @Test func userCodesUseTheConsonantAlphabetAndMatchLoosely() {
        var counter: UInt8 = 0
        let code = DeviceUserCode.random { count in (0..<count).map { _ in counter &+= 37; return counter } }
        #expect(code.count == 8 && code.allSatisfy(DeviceUserCode.alphabet.contains))
        #expect(DeviceUserCode.normalized(" wdjb-mjht ") == "WDJBMJHT")
        #expect(DeviceUserCode.normalized("WDJB MJHT") == "WDJBMJHT")
        #expect(DeviceUserCode.normalized("WDJB-MJHA") == nil, "vowels are never in a code")
        #expect(DeviceUserCode.normalized("WDJB-MJH") == nil)
        #expect(DeviceUserCode.shown("WDJBMJHT") == "WDJB-MJHT")
    }
}
