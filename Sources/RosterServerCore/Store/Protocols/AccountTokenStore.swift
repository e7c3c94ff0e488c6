import Foundation

/// The single-use tokens of email confirmation and password reset.
package protocol AccountTokenStore: Sendable {
    func insertAccountToken(_ token: AccountTokenRecord) async throws
    func accountToken(appId: String, id: String) async throws -> AccountTokenRecord?
    /// Uses a token once: true for the one caller that turned it from unused to used, when it
    /// has not expired at `now`. Every other unused token of the same email and purpose is
    /// retired with it. `AccountTokenRule` decides.
    func redeemAccountToken(appId: String, id: String, now: Date) async throws -> Bool
}
