import Foundation
import RosterWire

/// The server's side of server-assisted unlock (BEHAVIOURS 55; docs/PROTOCOL-ADDITIONS.md,
/// "Unlock keys"): makes a session's unlock key with its refresh token, and sends a PIN proof for
/// the server's half.
struct UnlockKeys: Sendable {
    let connection: ServerConnection

    /// What the server answered a proof.
    enum Answer: Sendable, Equatable {
        /// The server's half; the wrong proofs since the last release and the tries left in all,
        /// from a server that says them (0 and `nil` otherwise).
        case released(serverHalf: Data, wrongProofs: Int, triesLeft: Int?)
        case wrong(triesLeft: Int)
        /// The tenth wrong proof in all: the server erased its half and ended the session.
        case erased
        /// No such key (erased, replaced, or its session ended).
        case unknown
    }

    /// POST `/auth/unlock_keys`: the unlock id and the server's half, for the session of this
    /// refresh token. A server that keeps no unlock keys is said in words.
    func create(proofDigest: Data, refreshToken: String) async throws -> (unlockId: String, serverHalf: Data) {
        let body = try WireCoding.encode(UnlockKeyRequest(proofDigest: proofDigest.base64EncodedString()))
        let response = try await connection.send(.json(.post, Route.unlockKeys, body: body, bearer: refreshToken))
        guard response.isSuccess else {
            if response.status == 404 {
                throw RosterError.invalidRequest(
                    "this server keeps no unlock keys, so `--unlock server` cannot be used with it; choose `--unlock device`")
            }
            throw ServerConnection.error(from: response)
        }
        let made = try ServerConnection.decode(UnlockKeyCreated.self, from: response, what: "unlock key")
        guard made.unlockId.count == 64, made.unlockId.allSatisfy(\.isHexDigit), let half = Data(base64Encoded: made.serverHalf),
            half.count == 32
        else {
            throw RosterError.malformedResponse("the unlock key answer is not 64 hexadecimal digits and 32 bytes")
        }
        return (made.unlockId, half)
    }

    /// POST `/auth/unlock_keys/unlock`. A server that cannot be reached is `RosterError.network`.
    func release(unlockId: String, proof: Data) async throws -> Answer {
        let body = try WireCoding.encode(UnlockRequest(unlockId: unlockId, proof: proof.base64EncodedString()))
        let response = try await connection.send(.json(.post, Route.unlock, body: body))
        switch response.status {
        case 200:
            let released = try ServerConnection.decode(UnlockReleased.self, from: response, what: "unlock")
            guard let half = Data(base64Encoded: released.serverHalf), half.count == 32 else {
                throw RosterError.malformedResponse("the server's half is not 32 bytes")
            }
            let limit = WrongSecretLimits.logOutAfter
            return .released(
                serverHalf: half, wrongProofs: max(0, min(released.wrongProofs ?? 0, limit)),
                triesLeft: released.triesLeft.map { max(1, min($0, limit)) })
        case 401 where response.errorResponse?.errorCode == UnlockRefused.code:
            let refused = try ServerConnection.decode(UnlockRefused.self, from: response, what: "unlock")
            return .wrong(triesLeft: max(1, min(refused.triesLeft, WrongSecretLimits.logOutAfter)))
        case 401 where response.errorResponse?.errorCode == ErrorCode.invalidSession.rawValue:
            return .erased
        case 404 where response.errorResponse?.errorCode == ErrorCode.unlockKeyNotFound.rawValue:
            return .unknown
        default:
            throw ServerConnection.error(from: response)
        }
    }
}
