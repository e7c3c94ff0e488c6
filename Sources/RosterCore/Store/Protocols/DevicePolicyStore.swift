import Foundation

/// The device's switching policy and idle lock.
protocol DevicePolicyStore: Sendable {
    /// The device's switching policy and idle lock.
    func policy() throws -> DevicePolicy

    /// Sets the policy and, in the same transaction, reseals or logs out the users it names
    /// (each only if it still holds the box it was read with). Throws
    /// `RosterError.invalidRequest` and changes nothing when one of them changed meanwhile.
    func applyPolicy(_ policy: DevicePolicy, sessions: [PolicySessionChange]) throws
}

/// One user's session in a policy change: sealed anew, or (`sealed == nil`) logged out.
struct PolicySessionChange: Sendable {
    var id: String
    var entry: String
    var replacing: Data
    var sealed: SealedSession?
}
