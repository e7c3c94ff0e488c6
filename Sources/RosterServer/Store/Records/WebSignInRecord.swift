import Foundation

/// A browser sign-in under way: sent to a provider, not back yet. Only the SHA-256 of its state
/// is kept (the state travels through the browser); the PKCE verifier and the nonce stay here
/// and are never sent anywhere but the provider's token endpoint. Good once, until `expiresAt`.
struct WebSignInRecord: Codable, Sendable, Equatable {
    /// Hex SHA-256 of the state.
    var stateDigest: String
    var appId: String
    /// The provider's wire name (`oauth2-google`, …).
    var provider: String
    /// `WebSignInPurpose` as JSON: what the finished sign-in is for.
    var purpose: String
    var codeVerifier: String
    var nonce: String
    /// The redirect URI the provider was given, which the code exchange must repeat.
    var callback: String
    var createdAt: Date
    var expiresAt: Date
    var used: Bool
}

/// What taking a browser sign-in's state found.
enum WebSignInTake: Sendable, Equatable {
    /// The sign-in, now used.
    case taken(WebSignInRecord)
    /// No sign-in has this state (or it was cleared away long after it expired).
    case unknown
    case alreadyUsed
    case expired
}
