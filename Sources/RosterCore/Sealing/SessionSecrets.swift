import Foundation

/// What a logged-in user's session holds that must never be readable on disk: both tokens (the
/// access token carries the custom data). Only ever in memory, opened from a `SealedSession`.
struct SessionSecrets: Sendable, Equatable, Codable {
    var refreshToken: String
    var accessToken: String

    enum CodingKeys: String, CodingKey {
        case refreshToken = "r"
        case accessToken = "a"
    }
}

extension SessionSecrets: CustomStringConvertible, CustomDebugStringConvertible {
    /// Never the tokens, whatever prints this.
    var description: String { "SessionSecrets(…)" }
    var debugDescription: String { description }
}
