import Foundation
import Logging
import RosterWire

/// Ends sessions on the server: DELETE `/auth/session` with a refresh token, or, when the server
/// cannot be reached, a revocation queued under the device key and sent later (BEHAVIOURS 48).
struct Revocations: SessionCollaborator {
    let environment: SessionEnvironment
    /// Queued revocations and revocation tokens are sealed with the device key only.
    let sealer: SessionSealer

    /// Revokes the session of a row read before its log-out: with its refresh token when this
    /// process could open the row, else with the revocation token kept beside it under the device
    /// key (a session sealed with a PIN nobody gave). A row with neither is reported. When the
    /// server cannot be reached, the revocation is queued, sealed with the device key.
    func revokeOrQueue(_ opening: Result<StoredUser, any Error>, row: StoredUser) async -> RosterError? {
        let refreshToken: String
        switch opening {
        case .success(let open):
            guard let token = open.refreshToken else { return nil }
            refreshToken = token
        case .failure(let error):
            guard let box = row.revocationBox, let token = try? sealer.openRevocation(box, userId: row.id, entry: row.entry) else {
                return error as? RosterError ?? .storeFailed("\(error)")
            }
            refreshToken = token
        }
        guard let problem = await revoke(refreshToken: refreshToken) else {
            await sendPending()
            return nil
        }
        if Self.isWorthRetrying(problem) {
            do {
                // What waits on disk can end the session and do nothing else: the revocation
                // token, where the row has one, never a refresh token that could be used.
                let revocation = row.revocationBox.flatMap { try? sealer.openRevocation($0, userId: row.id, entry: row.entry) }
                let entry = "revocation-\(UUID().uuidString)"
                let secrets = SessionSecrets(refreshToken: revocation ?? refreshToken, accessToken: "")
                let sealed = try sealer.seal(secrets, key: sealer.deviceRowKey(userId: row.id), kind: .device, userId: row.id, entry: entry)
                try store.queueRevocation(userId: row.id, entry: entry, sealed: sealed, at: clock.now())
            } catch {
                logger.warning("cannot queue a revocation", metadata: ["user": "\(row.id)"])
            }
        }
        return problem
    }

    /// A failure that may pass: no answer, or the server's own trouble.
    static func isWorthRetrying(_ error: RosterError) -> Bool {
        switch error {
        case .network: true
        case .server(_, _, let status): status >= 500 || status == 429
        default: false
        }
    }

    /// Sends the revocations queued while the server could not be reached; stops at the first
    /// that still cannot be sent. How many were sent.
    @discardableResult
    func sendPending() async -> Int {
        guard let pending = try? store.pendingRevocations(), !pending.isEmpty else { return 0 }
        var sent = 0
        for queued in pending {
            guard let secrets = try? sealer.open(queued.sealed, key: sealer.deviceRowKey(userId: queued.userId), userId: queued.userId, entry: queued.entry)
            else {
                logger.warning("a queued revocation does not open; it is kept", metadata: ["user": "\(queued.userId)"])
                continue
            }
            if let problem = await revoke(refreshToken: secrets.refreshToken), Self.isWorthRetrying(problem) { break }
            try? store.deleteRevocation(id: queued.id)
            history.record(.revoked, userId: queued.userId)
            sent += 1
        }
        return sent
    }

    /// DELETE `/auth/session`; the error when the server could not be told. A session the
    /// server already considers dead counts as revoked.
    func revoke(refreshToken: String) async -> RosterError? {
        do {
            _ = try await connection.expectSuccess(.json(.delete, Route.session, bearer: refreshToken))
            return nil
        } catch let error as RosterError {
            return error.serverCode == .invalidSession ? nil : error
        } catch {
            return .network(String(describing: error))
        }
    }
}
