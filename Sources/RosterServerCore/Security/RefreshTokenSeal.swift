import Crypto
import Foundation

/// Seals a session's new refresh token under the token it replaces (AES-GCM with a key derived
/// from the old token, bound to the session id), so the store can hand the same new token to
/// whoever presents the old one within the grace window without ever holding a readable token:
/// only the old token opens the seal.
///
///     let sealed = try RefreshTokenSeal.seal(newToken, under: oldToken, sessionId: id)
///     let again = RefreshTokenSeal.open(sealed, under: oldToken, sessionId: id) // newToken
package enum RefreshTokenSeal {
    package static func seal(_ token: String, under previous: String, sessionId: String) throws -> Data {
        let box = try AES.GCM.seal(Data(token.utf8), using: key(previous), authenticating: Data(sessionId.utf8))
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        return combined
    }

    /// The sealed token, or nil when `previous` is not the token it was sealed under.
    package static func open(_ sealed: Data, under previous: String, sessionId: String) -> String? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed),
            let plain = try? AES.GCM.open(box, using: key(previous), authenticating: Data(sessionId.utf8))
        else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }

    private static func key(_ token: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Data(token.utf8)), info: Data("roster refresh-token rotation".utf8),
            outputByteCount: 32)
    }
}
