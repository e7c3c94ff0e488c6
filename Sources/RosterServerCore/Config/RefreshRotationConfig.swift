/// Whether each refresh (POST `/auth/session`) hands out a new refresh token in place of the one
/// used, and how long the one it replaced still answers. Off by default: SDK clients keep the
/// refresh token they got at log-in. With it on, the replaced token is accepted again only for
/// `graceSeconds` (answering the same new token, so clients refreshing at once agree), and a
/// replay after that ends the session: someone holds a copy of a token.
///
///     "refreshTokenRotation": { "enabled": true, "graceSeconds": 10 }
public struct RefreshRotationConfig: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var graceSeconds: Int

    public static let maxGraceSeconds = 300

    public init(enabled: Bool = false, graceSeconds: Int = 10) {
        self.enabled = enabled
        self.graceSeconds = graceSeconds
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, graceSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        let defaults = RefreshRotationConfig()
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? defaults.enabled
        graceSeconds = try container.decodeIfPresent(Int.self, forKey: .graceSeconds) ?? defaults.graceSeconds
    }

    package func validate(source: String) throws {
        guard (0...Self.maxGraceSeconds).contains(graceSeconds) else {
            throw AppConfigError.invalid(
                path: source, reason: "refreshTokenRotation: graceSeconds must be between 0 and \(Self.maxGraceSeconds)")
        }
    }
}
