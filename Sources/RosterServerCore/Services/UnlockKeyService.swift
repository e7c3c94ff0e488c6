import Crypto
import Foundation
import RosterWire

/// Server-assisted unlock (docs/PROTOCOL-ADDITIONS.md, "Unlock keys"): a session's
/// key is made of a half the device derives from the person's PIN and a half only this server
/// holds, released only to a right proof of the PIN. Wrong proofs are counted per key, and a
/// right one does not clear the count: the tenth in all erases the half and ends the session, so
/// a copied device folder gives a guesser ten tries, counted here, however often its owner
/// unlocks meanwhile, and nothing to check offline. Each release says how many wrong proofs came
/// since the last, for the owner to be told.
///
///     let made = try await unlockKeys.create(for: caller, UnlockKeyRequest(proofDigest: digest))
///     switch try await unlockKeys.unlock(UnlockRequest(unlockId: made.unlockId, proof: proof), address: address) { … }
package struct UnlockKeyService: Sendable {
    package let store: any UnlockKeyStore & SessionStore
    package let audit: AuditTrail
    package let ids: IdentifierSource
    package let now: @Sendable () -> Date

    /// What a proof found, for the route to answer.
    package enum Outcome: Sendable, Equatable {
        case released(UnlockReleased)
        case wrong(UnlockRefused)
        /// The tenth wrong proof in all: the half is erased and the session ended.
        case erased
    }

    package static let halfBytes = 32

    /// Makes the session's unlock key, replacing any it had: the id (a secret for the device
    /// alone) and the server's half, returned once.
    package func create(for caller: AuthorizedSession, _ request: UnlockKeyRequest) async throws -> UnlockKeyCreated {
        let proofDigest = try Self.bytes(request.proofDigest, named: "proof_digest")
        let id = ids.secret()
        let half = Data(ids.randomBytes(Self.halfBytes))
        try await store.insertUnlockKey(
            UnlockKeyRecord(
                idDigest: SecretDigest.hex(of: id), appId: caller.app.id, userId: caller.user.id, sessionId: caller.session.id,
                serverHalf: half, proofDigest: proofDigest, wrongProofs: 0, createdAt: now()))
        return UnlockKeyCreated(unlockId: id, serverHalf: half.base64EncodedString())
    }

    /// Checks one proof. A key whose session has ended, or that does not exist, is
    /// `UnlockKeyNotFound`: the person logs in again.
    package func unlock(_ request: UnlockRequest, address: String) async throws -> Outcome {
        guard request.unlockId.count == 64, request.unlockId.allSatisfy(\.isHexDigit) else {
            throw ErrorResponse.invalidParameter("'unlock_id' must be 64 hexadecimal characters")
        }
        let proof = try Self.bytes(request.proof, named: "proof")
        let idDigest = SecretDigest.hex(of: request.unlockId.lowercased())
        switch try await store.tryUnlockKey(idDigest: idDigest, proofDigest: Data(SHA256.hash(data: proof))) {
        case .released(let half, let owner, let wrongSince, let left):
            guard let session = try await store.session(id: owner.sessionId), !session.revoked, session.expiresAt > now() else {
                _ = try await store.deleteUnlockKey(sessionId: owner.sessionId)
                throw Self.notFound
            }
            return .released(UnlockReleased(serverHalf: half.base64EncodedString(), wrongProofs: wrongSince, triesLeft: left))
        case .wrong(let left, let owner):
            await audit.record(.unlockRefused, appId: owner.appId, userId: owner.userId, address: address, detail: "\(left) tries left")
            return .wrong(UnlockRefused(triesLeft: left))
        case .erased(let owner):
            try await store.revokeSession(id: owner.sessionId)
            await audit.record(.unlockKeyErased, appId: owner.appId, userId: owner.userId, address: address)
            return .erased
        case .unknown:
            throw Self.notFound
        }
    }

    /// Forgets the caller's session's unlock key (a PIN changed to `device` unlock, or the
    /// person is leaving); whether it had one.
    package func forget(for caller: AuthorizedSession) async throws -> Bool {
        try await store.deleteUnlockKey(sessionId: caller.session.id)
    }

    package static let notFound = ErrorResponse(.unlockKeyNotFound, "no such unlock key: it was erased after wrong PINs, or its session ended; log in again")

    /// 32 bytes from standard base64, or InvalidParameter naming the field.
    static func bytes(_ text: String, named name: String) throws -> Data {
        guard text.count <= 64, let data = Data(base64Encoded: text), data.count == 32 else {
            throw ErrorResponse.invalidParameter("'\(name)' must be 32 bytes in base64")
        }
        return data
    }

    package init(store: any UnlockKeyStore & SessionStore, audit: AuditTrail, ids: IdentifierSource, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.audit = audit
        self.ids = ids
        self.now = now
    }
}
