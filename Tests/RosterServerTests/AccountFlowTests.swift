import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Confirmation and reset by token through the outbox, the password policy, and tokens that
/// are reused, expired or forged.
@Suite struct AccountTokenFlowTests {
    @Test(arguments: StoreKind.allCases) func confirmationByTokenThroughTheOutbox(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TestConfig.app(autoConfirm: false), store: kind)
        #expect(await t.register("ann@example.com", "secret-12").status == 201)
        #expect(await t.emailLogin("ann@example.com", "secret-12").errorCode == "AuthError")
        let message = try #require(try t.outboxMessages().first)
        #expect(message.kind == .confirm && message.to == "ann@example.com" && message.appId == t.appId)
        #expect(message.token.count == 64, "256 bits as hex")
        #expect(message.expiresAt == t.clock.now.addingTimeInterval(1800))
        #expect(message.text.contains(message.token) && message.text.contains(message.tokenId))
        // The message is the owner's alone.
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: t.outboxDirectory.path).first)
        let mode = try FileManager.default.attributesOfItem(atPath: t.outboxDirectory.appendingPathComponent(file).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let confirm = await t.emailRoute(.confirm, ["token": .string(message.token), "tokenId": .string(message.tokenId)])
        #expect(confirm.status == 204)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
        // Used once: the same token again is refused; confirming again is UserAlreadyConfirmed.
        let twice = await t.emailRoute(.confirm, ["token": .string(message.token), "tokenId": .string(message.tokenId)])
        #expect(twice.errorCode == "UserAlreadyConfirmed")
        #expect(await t.emailRoute(.confirmSend, ["email": "ann@example.com"]).errorCode == "UserAlreadyConfirmed")
    }

    @Test(arguments: StoreKind.allCases) func forgedExpiredAndStaleTokensAreRefusedAndChangeNothing(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TestConfig.app(autoConfirm: false), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let first = try #require(try t.outboxMessages().first)
        let forged = await t.emailRoute(.confirm, ["token": .string(String(repeating: "0", count: 64)), "tokenId": .string(first.tokenId)])
        #expect(forged.status == 400 && forged.errorCode == "BadRequest" && forged.errorMessage == "invalid token data")
        #expect(await t.emailRoute(.confirm, ["token": .string(first.token), "tokenId": "000000000000000000000000"]).errorCode
            == "BadRequest")
        #expect(await t.emailRoute(.confirm, ["token": "", "tokenId": ""]).errorCode == "BadRequest")
        #expect(await t.emailRoute(.confirm, ["token": .string(first.token)]).errorCode == "MissingParameter")
        #expect(await t.emailLogin("ann@example.com", "secret-12").errorCode == "AuthError")

        // A reset token does not confirm.
        #expect(await t.emailRoute(.resetSend, ["email": "ann@example.com"]).status == 204)
        let reset = try #require(try t.outboxMessages().first { $0.kind == .reset })
        #expect(await t.emailRoute(.confirm, ["token": .string(reset.token), "tokenId": .string(reset.tokenId)]).errorCode
            == "BadRequest")

        // Past its lifetime the token is no good.
        t.clock.advance(by: 1801)
        #expect(await t.emailRoute(.confirm, ["token": .string(first.token), "tokenId": .string(first.tokenId)]).errorCode
            == "BadRequest")
        // A new one works, and retires the others.
        #expect(await t.emailRoute(.confirmSend, ["email": "ann@example.com"]).status == 204)
        let fresh = try #require(try t.outboxMessages().last { $0.kind == .confirm })
        #expect(fresh.tokenId != first.tokenId)
        #expect(await t.emailRoute(.confirm, ["token": .string(fresh.token), "tokenId": .string(fresh.tokenId)]).status == 204)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
    }

    @Test(arguments: StoreKind.allCases) func resetByTokenSetsTheNewPasswordOnce(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        #expect(await t.emailRoute(.resetSend, ["email": "ANN@example.com"]).status == 204)
        let message = try #require(try t.outboxMessages().first)
        #expect(message.kind == .reset && message.to == "ann@example.com")

        // The policy is checked before the token is spent.
        let short = await t.emailRoute(.reset, ["password": "short", "token": .string(message.token), "tokenId": .string(message.tokenId)])
        #expect(short.errorCode == "BadRequest")
        #expect(short.errorMessage == "password must be between 8 and 128 characters")
        let reset = await t.emailRoute(.reset, ["password": "new-secret-1", "token": .string(message.token), "tokenId": .string(message.tokenId)])
        #expect(reset.status == 204)
        #expect(await t.emailLogin("ann@example.com", "secret-12").errorCode == "InvalidPassword")
        #expect(await t.emailLogin("ann@example.com", "new-secret-1").status == 200)
        let again = await t.emailRoute(.reset, ["password": "third-secret", "token": .string(message.token), "tokenId": .string(message.tokenId)])
        #expect(again.errorCode == "BadRequest")
        #expect(await t.emailLogin("ann@example.com", "new-secret-1").status == 200)
    }

    @Test(arguments: StoreKind.allCases) func resetSendAnswersTheSameForAnUnknownEmailAndSendsNothing(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let known = await t.emailRoute(.resetSend, ["email": "ann@example.com"])
        let unknown = await t.emailRoute(.resetSend, ["email": "zed@example.com"])
        #expect(known.status == 204 && unknown.status == 204)
        #expect(known.body == unknown.body)
        #expect(try t.outboxMessages().map(\.to) == ["ann@example.com"])
    }

    @Test(arguments: StoreKind.allCases) func thePasswordPolicyIsTheApps(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(TestConfig.app(emailPassword: EmailPasswordConfig(minimumPasswordLength: 12)), store: kind)
        let short = await t.register("ann@example.com", "eleven-char")
        #expect(short.errorCode == "BadRequest")
        #expect(short.errorMessage == "password must be between 12 and 128 characters")
        #expect(await t.register("ann@example.com", String(repeating: "x", count: 129)).errorMessage
            == "password must be between 12 and 128 characters")
        #expect(await t.register("ann@example.com", "twelve-chars").status == 201)
        let defaults = try await TestServer.make(store: kind)
        #expect(await defaults.register("bob@example.com", "seven-7").errorMessage == "password must be between 8 and 128 characters")
    }

    @Test(arguments: StoreKind.allCases) func aFailingCommandOutboxKeepsNoRegistration(_ kind: StoreKind) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let failing = FunctionConfig(command: ["/bin/sh", "-c", "cat > /dev/null; exit 3"], timeoutSeconds: 30)
        let t = try await TestServer.make(TestConfig.app(autoConfirm: false, outbox: OutboxConfig(command: failing)), store: kind)
        let refused = await t.register("ann@example.com", "secret-12")
        #expect(refused.status == 500 && refused.errorCode == "InternalServerError")
        #expect(!(refused.errorMessage ?? "").contains("exit"))
        // Nothing kept: the same registration works once the outbox does.
        let working = try TestFunction.script("mail", in: directory, answer: "")
        let fixed = try await TestServer.make(TestConfig.app(autoConfirm: false, outbox: OutboxConfig(command: working)), store: kind)
        #expect(await fixed.register("ann@example.com", "secret-12").status == 201)
        let mail = try TestFunction.input("mail", in: directory)
        #expect(mail["kind"] == "confirm" && mail["to"] == "ann@example.com")
        #expect(mail["token"]?.stringValue?.count == 64)
    }
}

/// Confirmation and reset functions: commands that answer success, pending or fail.
@Suite struct AccountFunctionFlowTests {
    let scripts: URL

    init() throws {
        scripts = FileManager.default.temporaryDirectory.appendingPathComponent("roster-functions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    }

    func app(confirm answer: String? = nil, reset: String? = nil, sleep: Int = 0) throws -> AppConfig {
        TestConfig.app(emailPassword: EmailPasswordConfig(
            confirmation: answer == nil ? .auto : .function,
            confirmationFunction: try answer.map { try TestFunction.script("confirm", in: scripts, answer: $0, sleep: sleep) },
            resetFunction: try reset.map { try TestFunction.script("reset", in: scripts, answer: $0, sleep: sleep) }))
    }

    @Test(arguments: StoreKind.allCases) func successConfirmsAtOnceAndTheFunctionGetsTheToken(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(try app(confirm: #"{"status": "success"}"#), store: kind)
        #expect(await t.register("ann@example.com", "secret-12").status == 201)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
        let input = try TestFunction.input("confirm", in: scripts)
        #expect(input["username"] == "ann@example.com")
        #expect(input["token"]?.stringValue?.count == 64 && input["tokenId"]?.stringValue?.count == 24)
        #expect(input["password"] == nil)
    }

    @Test(arguments: StoreKind.allCases) func pendingLeavesTheTokenToRedeemAndCallRunsItAgain(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(try app(confirm: #"{"status": "pending"}"#), store: kind)
        #expect(await t.register("ann@example.com", "secret-12").status == 201)
        #expect(await t.emailLogin("ann@example.com", "secret-12").errorCode == "AuthError")
        let first = try TestFunction.input("confirm", in: scripts)
        #expect(await t.emailRoute(.confirmCall, ["email": "ann@example.com"]).status == 204)
        let second = try TestFunction.input("confirm", in: scripts)
        #expect(first["tokenId"] != second["tokenId"])
        #expect(await t.emailRoute(.confirmSend, ["email": "ann@example.com"]).errorCode == "BadRequest")
        let confirm = await t.emailRoute(.confirm, ["token": second["token"]!, "tokenId": second["tokenId"]!])
        #expect(confirm.status == 204)
        #expect(await t.emailLogin("ann@example.com", "secret-12").status == 200)
        #expect(await t.emailRoute(.confirmCall, ["email": "ann@example.com"]).errorCode == "UserAlreadyConfirmed")
    }

    /// A reset function is one of the app's function commands: one client address runs at most
    /// `functionsPerCaller` at once, and the next is refused at once with 429, running nothing.
    @Test func resetFunctionsRunWithinTheFunctionLimits() async throws {
        var config = try app(reset: #"{"status": "pending"}"#, sleep: 5)
        config.limits = LimitsConfig(functionsPerApp: 4, functionsPerCaller: 1)
        let t = try await TestServer.make(config)
        #expect(await t.register("ann@example.com", "secret-12").status == 201)
        let call: @Sendable () async -> WireResponse = {
            await t.emailRoute(.resetCall, ["email": "ann@example.com", "password": "new-secret-34", "arguments": []])
        }
        async let first = call()
        // The second is sent once the first has its place.
        let limiter = try #require(t.server.services.apps[t.appId]?.functions)
        try await FunctionLimitTests.until(limiter, running: 1, waiting: 0)
        let second = await call()
        #expect(second.status == 429 && second.errorCode == "TooManyRequests")
        // The first ran, past its 2 s (the script outlasts it on purpose).
        #expect(await first.errorCode == "FunctionExecutionError")
    }

    @Test(arguments: StoreKind.allCases) func failRefusesTheRegistrationAndKeepsNothing(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(try app(confirm: #"{"status": "fail", "message": "only staff may register"}"#), store: kind)
        // As App Services answers it (realm-core's tests match on it); the message is logged.
        let refused = await t.register("ann@example.com", "secret-12")
        #expect(refused.status == 400 && refused.errorCode == "BadRequest")
        #expect(refused.errorMessage == #"failed to confirm user "ann@example.com""#)
        #expect(await t.emailLogin("ann@example.com", "secret-12").errorCode == "InvalidPassword")
    }

    @Test(arguments: StoreKind.allCases) func aBrokenFunctionIsAClearErrorNeverA5xx(_ kind: StoreKind) async throws {
        for (answer, why) in [
            ("not json", "its answer is not usable: not JSON"), ("[1, 2]", "its answer is not usable: not a JSON object"),
            (#"{"status": "maybe"}"#, "its answer has no status of success, pending or fail"),
        ] {
            let t = try await TestServer.make(try app(confirm: answer), store: kind)
            let refused = await t.register("ann@example.com", "secret-12")
            #expect(refused.status == 400 && refused.errorCode == "FunctionExecutionError")
            #expect(refused.errorMessage?.hasSuffix(why) == true, "\(refused.errorMessage ?? "")")
            #expect(await t.register("ann@example.com", "secret-12").errorCode == "FunctionExecutionError", "nothing was kept")
        }
        let slow = try await TestServer.make(try app(confirm: #"{"status": "success"}"#, sleep: 5), store: kind)
        let timedOut = await slow.register("ann@example.com", "secret-12")
        #expect(timedOut.errorMessage == "the confirmation function failed: no answer within 2 s")
        let missing = try await TestServer.make(TestConfig.app(emailPassword: EmailPasswordConfig(
            confirmation: .function, confirmationFunction: FunctionConfig(command: ["/nonexistent/confirm"]))), store: kind)
        #expect(await missing.register("ann@example.com", "secret-12").errorMessage
            == "the confirmation function failed: cannot start /nonexistent/confirm")
    }

    @Test(arguments: StoreKind.allCases) func resetFunctionSuccessPendingAndFail(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(try app(reset: #"{"status": "success"}"#), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let call = await t.emailRoute(.resetCall, ["email": "ann@example.com", "password": "new-secret-1", "arguments": ["kiosk-3"]])
        #expect(call.status == 204)
        #expect(await t.emailLogin("ann@example.com", "new-secret-1").status == 200)
        let input = try TestFunction.input("reset", in: scripts)
        #expect(input["username"] == "ann@example.com" && input["arguments"] == ["kiosk-3"])
        #expect(await t.emailRoute(.resetCall, ["email": "zed@example.com", "password": "new-secret-1"]).errorCode == "UserNotFound")
        #expect(await t.emailRoute(.resetCall, ["email": "ann@example.com", "password": "short"]).errorCode == "BadRequest")

        let pending = try await TestServer.make(try app(reset: #"{"status": "pending"}"#), store: kind)
        _ = await pending.register("ann@example.com", "secret-12")
        #expect(await pending.emailRoute(.resetCall, ["email": "ann@example.com", "password": "new-secret-1"]).status == 204)
        #expect(await pending.emailLogin("ann@example.com", "secret-12").status == 200)
        let token = try TestFunction.input("reset", in: scripts)
        let reset = await pending.emailRoute(.reset, ["password": "other-secret", "token": token["token"]!, "tokenId": token["tokenId"]!])
        #expect(reset.status == 204)
        #expect(await pending.emailLogin("ann@example.com", "other-secret").status == 200)

        let refusing = try await TestServer.make(try app(reset: #"{"status": "fail"}"#), store: kind)
        _ = await refusing.register("ann@example.com", "secret-12")
        let refused = await refusing.emailRoute(.resetCall, ["email": "ann@example.com", "password": "new-secret-1"])
        #expect(refused.errorCode == "FunctionExecutionError")
        #expect(refused.errorMessage == #"failed to reset password for user "ann@example.com""#)
        #expect(await refusing.emailLogin("ann@example.com", "secret-12").status == 200)

        let none = try await TestServer.make(store: kind)
        #expect(await none.emailRoute(.resetCall, ["email": "ann@example.com", "password": "new-secret-1"]).errorCode == "FunctionNotFound")
        #expect(await none.emailRoute(.confirmCall, ["email": "ann@example.com"]).errorCode == "UserNotFound")
    }
}
