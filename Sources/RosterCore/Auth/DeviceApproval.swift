import RosterWire

/// A log-in approved on another device under a policy that seals sessions with a PIN, held in
/// memory until the PIN is given: the person is asked for it only once they have signed in, and
/// the question depends on who they are. Its description names the user, never a token.
public struct DeviceApproval: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The user signed in on the other device.
    public let userId: String
    /// Their name on this device when they are logged in here with a PIN already: they give that
    /// PIN, which stays theirs. `nil` for anyone else, who chooses a PIN.
    public let returningName: String?
    let answer: LoginResponse
    let provider: ProviderType

    /// Whether the user has a PIN on this device already.
    public var isReturning: Bool { returningName != nil }

    public var description: String {
        "DeviceApproval(\(userId)\(returningName.map { ", returning \($0)" } ?? ""))"
    }

    public var debugDescription: String { description }
}
