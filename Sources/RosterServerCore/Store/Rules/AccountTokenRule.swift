import Foundation

/// When a confirmation or reset token is redeemed, the same for every store driver: once,
/// before it expires. The driver loads the token under a lock and, when it redeems, marks it
/// used with every other unused token of the same email and purpose.
///
///     guard AccountTokenRule.redeems(token, at: now) else { return false }
package enum AccountTokenRule {
    /// Whether `token` (nil when there is none) is redeemed at `now`: unused and unexpired.
    package static func redeems(_ token: AccountTokenRecord?, at now: Date) -> Bool {
        guard let token else { return false }
        return !token.used && token.expiresAt > now
    }
}
