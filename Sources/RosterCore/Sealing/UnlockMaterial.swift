import Crypto
import Foundation

/// What a PIN gives under server-assisted unlock (BEHAVIOURS 55): the PIN's half of the key,
/// which stays on the device, and the proof the server checks before it gives its half.
struct UnlockMaterial: Sendable {
    let pinHalf: SymmetricKey
    let proof: Data

    /// SHA-256 of the proof: all the server keeps of it.
    var proofDigest: Data { Data(SHA256.hash(data: proof)) }
}
