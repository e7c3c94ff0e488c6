import Foundation

/// A browser sign-in under way: sent to a provider, not back yet. Only the SHA-256 of its state
/// is kept (the state travels through the browser); the PKCE verifier and the nonce stay here
/// and are never sent anywhere but the provider's token endpoint. Good once, until `expiresAt`.
package struct WebSignInRecord: Codable, Sendable, Equatable {
    /// Hex SHA-256 of the state.
    package var stateDigest: String
    package var appId: String
    /// The provider's wire name (`oauth2-google`, …).
    package var provider: String
    /// `WebSignInPurpose` as JSON: what the finished sign-in is for.
    package var purpose: String
    package var codeVerifier: String
    package var nonce: String
    /// The redirect URI the provider was given, which the code exchange must repeat.
    package var callback: String
    package var createdAt: Date
    package var expiresAt: Date
    package var used: Bool

    package init(stateDigest: String, appId: String, provider: String, purpose: String, codeVerifier: String, nonce: String, callback: String, createdAt: Date, expiresAt: Date, used: Bool) {
        self.stateDigest = stateDigest
        self.appId = appId
        self.provider = provider
        self.purpose = purpose
        self.codeVerifier = codeVerifier
        self.nonce = nonce
        self.callback = callback
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.used = used
    }
}

/// What taking a browser sign-in's state found.
package enum WebSignInTake: Sendable, Equatable {
    /// The sign-in, now used.
    case taken(WebSignInRecord)
    /// No sign-in has this state (or it was cleared away long after it expired).
    case unknown
    case alreadyUsed
    case expired
}
