/// Where a user stands on this device (BEHAVIOURS 1).
public enum UserState: String, Sendable, Codable {
    /// Holds a refresh token and an access token.
    case loggedIn
    /// Holds no tokens, but keeps its id, identities, profile and device id.
    case loggedOut
    /// No longer on the device.
    case removed
}
