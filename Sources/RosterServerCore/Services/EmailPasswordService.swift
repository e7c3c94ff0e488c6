import Foundation
import Logging
import RosterWire

/// The email/password account routes: registration under the app's password policy, then
/// confirmation (automatic, by token through the outbox, or by a confirmation function) and
/// password reset (by token, or by a reset function). Bad input changes nothing.
package struct EmailPasswordService: Sendable {
    package let store: any EmailAccountStore & AccountTokenStore
    package let ids: IdentifierSource
    package let now: @Sendable () -> Date
    package let logger: Logger
    /// Runs the confirmation and reset functions given as JavaScript; nil where none is served.
    package var functions: FunctionCallService? = nil

    private var tokens: AccountTokens { AccountTokens(store: store, ids: ids, now: now) }

    /// register: a new account under the app's password policy. With `page`, a confirmation
    /// message links to the server's account page. A confirmation function or outbox command
    /// runs for `caller`, within the app's function limits.
    package func register(app: ServedApp, _ request: RegisterRequest, page: AccountPageLink? = nil, caller: FunctionCaller) async throws {
        let config = try settings(app)
        let email = EmailPasswordProvider.normalize(request.email)
        guard Self.looksLikeEmail(email) else { throw ErrorResponse.badRequest("'\(email)' is not an email address") }
        if let violation = config.policyViolation(request.password) { throw ErrorResponse.badRequest(violation) }
        let account = EmailAccountRecord(
            id: ids.objectId(), appId: app.id, email: email, passwordHash: try await app.hasher.hashInBackground(request.password),
            confirmed: config.confirmation == .auto,
            createdAt: Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down)))
        guard try await store.insertEmailAccount(account) else {
            throw ErrorResponse(.accountNameInUse, "name already in use")
        }
        do {
            switch config.confirmation {
            case .auto: break
            case .token: try await sendConfirmation(to: email, app: app, page: page, caller: caller)
            case .function: try await runConfirmationFunction(email: email, app: app, caller: caller)
            }
        } catch {
            // A registration that cannot be confirmed is not kept: the person can try again.
            try await store.deleteUnusedEmailAccount(appId: app.id, email: email)
            throw error
        }
    }

    /// The email a confirmation or reset token was sent to, while the token can still be used:
    /// what an account page shows before the person acts. "invalid token data" otherwise.
    package func email(holding token: String, tokenId: String, for purpose: AccountTokenRecord.Purpose, app: ServedApp) async throws
        -> String
    {
        _ = try settings(app)
        return try await tokens.check(token: token, tokenId: tokenId, for: purpose, app: app).email
    }

    /// confirm: a confirmation token marks its account confirmed, once.
    package func confirm(app: ServedApp, _ request: ConfirmRequest) async throws {
        let record = try await tokens.issued(token: request.token, tokenId: request.tokenId, for: .confirm, app: app)
        guard let account = try await store.emailAccount(appId: app.id, email: record.email) else {
            throw ErrorResponse(.badRequest, ErrorResponse.Text.invalidTokenData)
        }
        guard !account.confirmed else { throw ErrorResponse(.userAlreadyConfirmed, "already confirmed") }
        try tokens.usable(record)
        try await tokens.redeem(record)
        _ = try await store.confirmEmailAccount(appId: app.id, email: record.email)
    }

    /// confirm/send: a new confirmation token to the outbox.
    package func resendConfirmation(app: ServedApp, _ request: EmailRequest, caller: FunctionCaller) async throws {
        let email = try await unconfirmedAccount(app: app, request)
        if try settings(app).confirmation == .function {
            throw ErrorResponse.badRequest("this app confirms new accounts with a function: use confirm/call")
        }
        try await sendConfirmation(to: email, app: app, caller: caller)
    }

    /// confirm/call: the confirmation function again, with a new token.
    package func rerunConfirmation(app: ServedApp, _ request: EmailRequest, caller: FunctionCaller) async throws {
        let requested = EmailPasswordProvider.normalize(request.email)
        if try settings(app).confirmation == .auto, try await store.emailAccount(appId: app.id, email: requested) != nil {
            throw ErrorResponse(.userAlreadyConfirmed, "cannot run confirmation for \(requested): automatic confirmation is enabled")
        }
        let email = try await unconfirmedAccount(app: app, request)
        guard try settings(app).confirmationFunction != nil || settings(app).confirmationFunctionName != nil else {
            throw ErrorResponse(.functionNotFound, "this app has no confirmation function")
        }
        try await runConfirmationFunction(email: email, app: app, caller: caller)
    }

    /// reset/send: a reset token to the outbox when the account exists; the same answer either
    /// way, in the same time: never before `limits.resetSendHoldMilliseconds`, within which a
    /// message is written to a directory, while an outbox command runs after the answer. A
    /// failing outbox is logged rather than told. With `page`, the message links to the
    /// server's account page.
    package func sendReset(app: ServedApp, _ request: EmailRequest, page: AccountPageLink? = nil, caller: FunctionCaller) async throws {
        if try settings(app).resetsOnlyByFunction { throw ErrorResponse(.badRequest, "please use reset password via function") }
        let email = EmailPasswordProvider.normalize(request.email)
        let answerAt = ContinuousClock.now + .milliseconds(app.config.limits.resetSendHoldMilliseconds)
        if try await store.emailAccount(appId: app.id, email: email) != nil {
            let (outbox, logger) = (app.outbox, logger)
            do {
                let message = try await tokens.message(.reset, to: email, app: app, page: page)
                if outbox.runsCommands {
                    Task {
                        do {
                            try await Self.deliverWhenThereIsRoom(message, to: outbox, for: caller)
                        } catch {
                            logger.error("cannot hand a reset message to the outbox", metadata: ["app": "\(app.id)", "why": "\(error)"])
                        }
                    }
                } else {
                    try await outbox.deliver(message, for: caller)
                }
            } catch {
                logger.error("cannot hand a reset message to the outbox", metadata: ["app": "\(app.id)", "why": "\(error)"])
            }
        }
        try? await Task.sleep(until: answerAt, clock: .continuous)
    }

    /// Hands a message to an outbox command after the answer: when the app's function limits have
    /// no place for it, it waits for one (a quarter second at a time, a minute at most) rather
    /// than being dropped, since nobody is there to be told 429.
    private static func deliverWhenThereIsRoom(_ message: OutboxMessage, to outbox: any Outbox, for caller: FunctionCaller) async throws {
        let giveUp = ContinuousClock.now + .seconds(60)
        while true {
            do {
                return try await outbox.deliver(message, for: caller)
            } catch is FunctionLimitReached where ContinuousClock.now < giveUp {
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }

    /// reset: a reset token sets the new password, once. The account's email.
    @discardableResult
    package func reset(app: ServedApp, _ request: ResetPasswordRequest) async throws -> String {
        if let violation = try settings(app).policyViolation(request.password) { throw ErrorResponse.badRequest(violation) }
        let record = try await tokens.check(token: request.token, tokenId: request.tokenId, for: .reset, app: app)
        let hash = try await app.hasher.hashInBackground(request.password)
        try await setPassword(hash, email: record.email, redeeming: record, app: app)
        return record.email
    }

    /// reset/call: the reset function decides: success sets the password now, pending leaves a
    /// token to redeem with `reset`, fail refuses. The account's email when the password changed.
    @discardableResult
    package func callReset(app: ServedApp, _ request: ResetCallRequest, caller: FunctionCaller) async throws -> String? {
        let config = try settings(app)
        guard config.resetFunction != nil || config.resetFunctionName != nil else {
            throw ErrorResponse(.functionNotFound, "this app has no password reset function")
        }
        if let violation = config.policyViolation(request.password) { throw ErrorResponse.badRequest(violation) }
        let email = EmailPasswordProvider.normalize(request.email)
        guard try await store.emailAccount(appId: app.id, email: email) != nil else {
            throw ErrorResponse(.userNotFound, "user not found")
        }
        let (token, record) = try await tokens.issue(.reset, email: email, app: app)
        let input: JSONObject = [
            "token": .string(token), "tokenId": .string(record.id), "username": .string(email), "password": .string(request.password),
        ]
        let verdict = try await verdict(
            of: (config.resetFunction, config.resetFunctionName), input, arguments: request.arguments, app: app, caller: caller,
            what: "password reset function")
        switch verdict {
        case .success:
            let hash = try await app.hasher.hashInBackground(request.password)
            try await setPassword(hash, email: email, redeeming: record, app: app)
            return email
        case .pending: return nil
        case .fail(let message):
            try? await tokens.redeem(record)
            if let message { logger.info("the password reset function refused a reset", metadata: ["app": "\(app.id)", "why": "\(message)"]) }
            throw ErrorResponse(.functionExecutionError, "failed to reset password for user \"\(email)\"")
        }
    }

    // MARK: Parts

    /// The new hash, the token used up and (by default) every session ended, at once; "invalid
    /// token data" when another request used the token first.
    private func setPassword(_ hash: String, email: String, redeeming record: AccountTokenRecord, app: ServedApp) async throws {
        let reset = PasswordReset(
            appId: app.id, email: email, passwordHash: hash, tokenId: record.id, now: tokens.now(),
            endingSessions: try settings(app).endSessionsOnReset)
        guard try await store.resetPassword(reset) else {
            throw ErrorResponse(.badRequest, ErrorResponse.Text.invalidTokenData)
        }
    }

    private func settings(_ app: ServedApp) throws -> EmailPasswordConfig {
        guard let config = app.config.providers.emailPassword else {
            throw ErrorResponse.providerNotFound(ProviderType.emailPassword.rawValue)
        }
        return config
    }

    /// The email of the request, which must name an account not yet confirmed.
    private func unconfirmedAccount(app: ServedApp, _ request: EmailRequest) async throws -> String {
        let email = EmailPasswordProvider.normalize(request.email)
        guard let account = try await store.emailAccount(appId: app.id, email: email) else {
            throw ErrorResponse(.userNotFound, "user not found")
        }
        guard !account.confirmed else { throw ErrorResponse(.userAlreadyConfirmed, "already confirmed") }
        return email
    }

    private func sendConfirmation(to email: String, app: ServedApp, page: AccountPageLink? = nil, caller: FunctionCaller) async throws {
        do {
            try await tokens.send(.confirm, to: email, app: app, page: page, for: caller)
        } catch let failure as OutboxFailure {
            logger.error("cannot hand a confirmation message to the outbox", metadata: ["app": "\(app.id)", "why": "\(failure)"])
            throw ErrorResponse.internalError()
        }
    }

    /// Runs the confirmation function with a new token: success confirms now, pending leaves the
    /// token to be redeemed with `confirm`, fail refuses.
    private func runConfirmationFunction(email: String, app: ServedApp, caller: FunctionCaller) async throws {
        let config = try settings(app)
        guard config.confirmationFunction != nil || config.confirmationFunctionName != nil else {
            throw ErrorResponse(.functionNotFound, "this app has no confirmation function")
        }
        let (token, record) = try await tokens.issue(.confirm, email: email, app: app)
        let input: JSONObject = ["token": .string(token), "tokenId": .string(record.id), "username": .string(email)]
        let verdict = try await verdict(
            of: (config.confirmationFunction, config.confirmationFunctionName), input, app: app, caller: caller, what: "confirmation function")
        switch verdict {
        case .success:
            try await tokens.redeem(record)
            _ = try await store.confirmEmailAccount(appId: app.id, email: email)
        case .pending: break
        case .fail(let message):
            try? await tokens.redeem(record)
            if let message { logger.info("the confirmation function refused an account", metadata: ["app": "\(app.id)", "why": "\(message)"]) }
            throw ErrorResponse(.badRequest, "failed to confirm user \"\(email)\"")
        }
    }

    /// The verdict of a confirmation or reset function, run within the app's function limits for
    /// `caller`: a command gets `input` (with `arguments` when there are any) on stdin; the
    /// app's JavaScript function `name` gets `input` and then `arguments`, as App Services calls
    /// it, as the system user.
    private func verdict(
        of function: (command: FunctionConfig?, name: String?), _ input: JSONObject, arguments: [JSONValue]? = nil, app: ServedApp,
        caller: FunctionCaller, what: String
    ) async throws -> FunctionVerdict {
        if let name = function.name {
            guard let functions else { throw ErrorResponse(.functionExecutionError, "the \(what) cannot run on this server") }
            return try await app.functions.run(for: caller) {
                try await FunctionVerdict.ask(what: what) {
                    try await functions.runAsSystem(name, app: app, arguments: [.object(input)] + (arguments ?? []))
                }
            }
        }
        guard let command = function.command else { throw ErrorResponse(.functionNotFound, "this app has no \(what)") }
        var commandInput = input
        if let arguments { commandInput["arguments"] = .array(arguments) }
        return try await app.functions.run(for: caller) {
            try await FunctionVerdict.ask(CommandFunction(config: command), .object(commandInput), what: what)
        }
    }

    /// An address with one `@`, a dot after it, no space, no control character (which a
    /// terminal listing users would act on) and no bidirectional control, at most 254 characters.
    package static func looksLikeEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ") && text.count <= 254
            && ProfileText.isFitForName(text)
    }

    package init(store: any EmailAccountStore & AccountTokenStore, ids: IdentifierSource, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.store = store
        self.ids = ids
        self.now = now
        self.logger = logger
    }
}
