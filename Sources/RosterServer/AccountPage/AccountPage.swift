/// What an account page shows, reached from the link of a confirmation or reset message
/// (`AccountPageLink`): its step, and the token and token id its form carries back. The token is
/// the page's only credential, so the form needs no cookie: whoever has the message may act.
struct AccountPage: Sendable, Equatable {
    enum Stage: Sendable, Equatable {
        /// A new password for `email`, typed twice.
        case setPassword(email: String)
        /// One button: `email` is mine.
        case confirmEmail(email: String)
        case passwordSet
        case emailConfirmed
        /// Wrong, used, expired or for another app: one wording for all.
        case invalidLink
        case tooManyTries(seconds: Int)
        /// The server could not do it now (its store or its password hashing busy).
        case unavailable
    }

    var stage: Stage
    var appId: String
    var token: String
    var tokenId: String
    /// A refusal shown above the form: the passwords differ, or the app's policy refuses it.
    var message: String? = nil
}
