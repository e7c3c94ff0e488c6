import Crypto
import Foundation
import _CryptoExtras

/// Hashes and checks passwords with scrypt at an app's cost setting. A hash carries its own
/// parameters, `$scrypt$ln=15,r=8,p=3$<salt base64>$<hash base64>`, so raising the cost later
/// still verifies old hashes.
///
///     let hasher = PasswordHasher(cost: config.passwordHashing, randomBytes: environment.randomBytes)
///     let stored = try hasher.hash("passw0rd")
///     hasher.verify("passw0rd", against: stored) // true
package struct PasswordHasher: Sendable {
    package let cost: PasswordHashingConfig
    package let randomBytes: @Sendable (Int) -> [UInt8]
    /// Where the background variants run, shared by every app of a server.
    package var pool = HashingPool()

    package static let saltBytes = 16
    package static let hashBytes = 32

    /// A new salted hash of `password`.
    package func hash(_ password: String) throws -> String {
        let salt = randomBytes(Self.saltBytes)
        let derived = try Self.derive(password, salt: salt, cost: cost, length: Self.hashBytes)
        return EncodedPasswordHash(cost: cost, salt: salt, hash: derived).text
    }

    /// Whether `password` matches `encoded`, compared in constant time. A malformed hash never matches.
    package func verify(_ password: String, against encoded: String) -> Bool {
        guard let stored = EncodedPasswordHash(parsing: encoded),
            let derived = try? Self.derive(password, salt: stored.salt, cost: stored.cost, length: stored.hash.count)
        else { return false }
        return ConstantTime.equals(derived, stored.hash)
    }

    /// Spends the time a real check would, for an unknown account, so the answer's timing does
    /// not tell whether the email exists.
    package func spendVerificationTime(_ password: String) {
        _ = try? Self.derive(password, salt: [UInt8](repeating: 0, count: Self.saltBytes), cost: cost, length: Self.hashBytes)
    }

    /// `hash` in the hashing pool: scrypt is slow on purpose and must not hold up the
    /// cooperative pool other requests run on. `HashingBusy` when the pool is full.
    package func hashInBackground(_ password: String) async throws -> String {
        try await pool.run { try hash(password) }
    }

    /// `verify` in the hashing pool; `HashingBusy` when the pool is full.
    package func verifyInBackground(_ password: String, against encoded: String) async throws -> Bool {
        try await pool.run { verify(password, against: encoded) }
    }

    /// `spendVerificationTime` in the hashing pool; `HashingBusy` when the pool is full.
    package func spendVerificationTimeInBackground(_ password: String) async throws {
        try await pool.run { spendVerificationTime(password) }
    }

    package static func derive(_ password: String, salt: [UInt8], cost: PasswordHashingConfig, length: Int) throws -> [UInt8] {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(password.utf8), salt: salt, outputByteCount: length,
            rounds: 1 << cost.logN, blockSize: cost.r, parallelism: cost.p)
        return key.withUnsafeBytes { Array($0) }
    }
}
