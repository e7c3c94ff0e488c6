import Crypto
import Foundation

/// The device's admin PIN as the store keeps it (BEHAVIOURS 54): a salt, the scrypt cost, and a
/// verifier (an HMAC under the key derived from the PIN and the device key), never the PIN.
/// Like a user's PIN, it is checked only with the device key; each try is counted.
///
///     let record = AdminPINRecord(text: "v1$ln=15,r=8,p=3$<salt>$<verifier>")
struct AdminPINRecord: Sendable, Equatable {
    var salt: Data
    var cost: SecretKeyDerivation
    var verifier: Data

    /// What the verifier authenticates.
    static let label = Data("roster admin PIN v1".utf8)

    /// The record of `key`, the key derived from the PIN with `salt` and `cost`.
    init(key: SymmetricKey, salt: Data, cost: SecretKeyDerivation) {
        self.salt = salt
        self.cost = cost
        verifier = Data(HMAC<SHA256>.authenticationCode(for: Self.label, using: key))
    }

    /// Whether `key` is the one the record was made with, compared in constant time.
    func matches(_ key: SymmetricKey) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(verifier, authenticating: Self.label, using: key)
    }

    /// `v1$<cost>$<salt, base64>$<verifier, base64>`.
    var text: String { "v1$\(cost.text)$\(salt.base64EncodedString())$\(verifier.base64EncodedString())" }

    init?(text: String) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == "v1", let cost = SecretKeyDerivation(text: parts[1]),
            let salt = Data(base64Encoded: parts[2]), let verifier = Data(base64Encoded: parts[3]), verifier.count == 32
        else { return nil }
        self.salt = salt
        self.cost = cost
        self.verifier = verifier
    }
}

/// Proof, for this process, that the device's admin PIN was just given (`App.checkAdminPIN`):
/// what leaving a kiosk, changing a kiosk's policy, or logging out or removing somebody else
/// without their PIN takes (BEHAVIOURS 53, 54). Only the session core makes one.
public struct AdminGrant: Sendable, Equatable {
    /// When the PIN was given.
    public let at: Date

    init(at: Date) {
        self.at = at
    }
}
