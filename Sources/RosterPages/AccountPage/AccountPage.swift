import RosterServerCore

/// What an account page shows, reached from the link of a confirmation or reset message
/// (`AccountPageLink`): its step, and the token and token id its form carries back. The token is
/// the page's only credential, so the form needs no cookie: whoever has the message may act.
package struct AccountPage: Sendable, Equatable {
    package enum Stage: Sendable, Equatable {
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

    package var stage: Stage
    package var appId: String
    package var token: String
    package var tokenId: String
    /// A refusal shown above the form: the passwords differ, or the app's policy refuses it.
    package var message: String? = nil

    package init(stage: Stage, appId: String, token: String, tokenId: String, message: String? = nil) {
        self.stage = stage
        self.appId = appId
        self.token = token
        self.tokenId = tokenId
        self.message = message
    }
}
