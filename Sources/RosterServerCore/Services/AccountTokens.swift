import Foundation
import RosterWire

/// Confirmation and reset tokens: 256 random bits, kept only as a SHA-256, good once, for the
/// app's token lifetime.
package struct AccountTokens: Sendable {
    package let store: any AccountTokenStore
    package let ids: IdentifierSource
    package let now: @Sendable () -> Date

    /// A new token for `email`; the raw token goes to the account's owner and nowhere else.
    package func issue(_ purpose: AccountTokenRecord.Purpose, email: String, app: ServedApp) async throws
        -> (token: String, record: AccountTokenRecord)
    {
        let token = ids.secret()
        let issued = now()
        let lifetime = TimeInterval(app.config.providers.emailPassword?.tokenLifetimeSeconds ?? 1800)
        let record = AccountTokenRecord(
            id: ids.objectId(), appId: app.id, email: email, purpose: purpose, digest: SecretDigest.hex(of: token),
            createdAt: issued, expiresAt: issued.addingTimeInterval(lifetime), used: false)
        try await store.insertAccountToken(record)
        return (token, record)
    }

    /// The token's record when `token` and `tokenId` match an unused, unexpired token for
    /// `purpose`; BadRequest "invalid token data" otherwise, the same answer whatever is wrong.
    package func check(token: String, tokenId: String, for purpose: AccountTokenRecord.Purpose, app: ServedApp) async throws
        -> AccountTokenRecord
    {
        let record = try await issued(token: token, tokenId: tokenId, for: purpose, app: app)
        try usable(record)
        return record
    }

    /// The record of a token that was issued for `purpose`, used or not.
    package func issued(token: String, tokenId: String, for purpose: AccountTokenRecord.Purpose, app: ServedApp) async throws
        -> AccountTokenRecord
    {
        guard !tokenId.isEmpty, tokenId.utf8.count <= 64, !token.isEmpty, token.utf8.count <= 256,
            let record = try await store.accountToken(appId: app.id, id: tokenId),
            ConstantTime.equals(record.digest, SecretDigest.hex(of: token)), record.purpose == purpose
        else { throw ErrorResponse(.badRequest, ErrorResponse.Text.invalidTokenData) }
        return record
    }

    /// BadRequest "invalid token data" when the token was used or has expired.
    package func usable(_ record: AccountTokenRecord) throws {
        guard !record.used, record.expiresAt > now() else { throw ErrorResponse(.badRequest, ErrorResponse.Text.invalidTokenData) }
    }

    /// Uses a checked token; BadRequest "invalid token data" when another request used it first.
    package func redeem(_ record: AccountTokenRecord) async throws {
        guard try await store.redeemAccountToken(appId: record.appId, id: record.id, now: now()) else {
            throw ErrorResponse(.badRequest, ErrorResponse.Text.invalidTokenData)
        }
    }

    /// Hands a new token to the outbox, for `caller`; with `page`, the message links to the
    /// account page that redeems it, else to the app's own page when it names one.
    package func send(
        _ purpose: AccountTokenRecord.Purpose, to email: String, app: ServedApp, page: AccountPageLink? = nil, for caller: FunctionCaller
    ) async throws {
        try await app.outbox.deliver(try await message(purpose, to: email, app: app, page: page), for: caller)
    }

    /// A new token, in the message that carries it.
    package func message(_ purpose: AccountTokenRecord.Purpose, to email: String, app: ServedApp, page: AccountPageLink? = nil) async throws
        -> OutboxMessage
    {
        let (token, record) = try await issue(purpose, email: email, app: app)
        let settings = app.config.providers.emailPassword
        var message = OutboxMessage(
            kind: purpose == .confirm ? .confirm : .reset, appId: app.id, to: email, token: token, tokenId: record.id,
            createdAt: record.createdAt, expiresAt: record.expiresAt,
            link: page?.url(for: purpose, appId: app.id, token: token, tokenId: record.id)
                ?? settings?.appLink(for: purpose, token: token, tokenId: record.id))
        if let subject = settings?.subject(for: purpose) { message.subject = subject }
        return message
    }

    package init(store: any AccountTokenStore, ids: IdentifierSource, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.ids = ids
        self.now = now
    }
}
