import Foundation

/// Changes the device's switching policy and idle lock, resealing or logging out the sessions
/// the change touches, in one transaction, and keeps one history line that says what changed
/// (BEHAVIOURS 43, 46).
///
///     let loggedOut = try await policyFlow.setPolicy(tightened, pins: [joe.id: "2468"], admin: nil, handle: handle(for:))
struct PolicyFlow: SessionCollaborator {
    let environment: SessionEnvironment
    let keys: SessionKeys
    let revocations: Revocations

    /// Changes the device's policy (BEHAVIOURS 43, 46), in one transaction with every session it
    /// reseals:
    /// - tightening from `open`: each logged-in user given a PIN in `pins` (by user id) is sealed
    ///   with it; everyone else is logged out, since nobody may stay switchable without a secret;
    /// - loosening (to `open`): needs the PIN (or password) of every user it would expose,
    ///   checked and counted like any other; the idle lock's time and action need none;
    /// - between `pin` and `password`, sessions keep their seals; new log-ins follow the new one;
    /// - a kiosk's policy changes only with the admin PIN's `admin` grant, and a policy becomes
    ///   a kiosk only once an admin PIN is set (BEHAVIOURS 54).
    /// `handle` gives the one handle of a stored row. Returns the users logged out by it.
    func setPolicy(_ new: DevicePolicy, pins: [String: String], admin: AdminGrant?, handle: (StoredUser) -> User) async throws -> [String] {
        let current = try store.policy()
        if current.needsAdminPIN(toBecome: new), admin == nil {
            throw RosterError.adminPINNeeded("changing a kiosk's policy", isSet: try store.adminPIN() != nil)
        }
        if new.kiosk, !current.kiosk, try store.adminPIN() == nil {
            throw RosterError.adminPINNeeded("a kiosk", isSet: false)
        }
        let rows = try store.users().filter { $0.state == .loggedIn && $0.sealed != nil }
        let sealedWithSecret = rows.filter { $0.sealed?.kind.needsSecret == true }
        if current.isLoosened(by: new) {
            let missing = sealedWithSecret.filter { !keys.isUnlocked($0) && pins[$0.id] == nil }
            guard missing.isEmpty else {
                let names = missing.map(\.displayName).joined(separator: ", ")
                throw RosterError.invalidRequest("loosening the policy exposes \(names): it needs their PIN (or password); nothing was changed")
            }
            for row in sealedWithSecret where !keys.isUnlocked(row) {
                try await keys.unlock(handle(row), secret: pins[row.id] ?? "")
            }
        }
        var sessionChanges: [PolicySessionChange] = []
        var loggedOut: [String] = []
        var toRevoke: [(opening: Result<StoredUser, any Error>, row: StoredUser)] = []
        for row in rows {
            guard let sealed = row.sealed else { continue }
            if new.switching == .open, sealed.kind.needsSecret {
                let open = try keys.opened(row)
                guard let secrets = open.secrets else { continue }
                let resealed = try keys.sealWithDeviceKey(secrets, userId: row.id, entry: row.entry)
                sessionChanges.append(PolicySessionChange(id: row.id, entry: row.entry, replacing: sealed.box, sealed: resealed))
            } else if new.switching != .open, !sealed.kind.needsSecret {
                if let pin = pins[row.id] {
                    guard let secrets = try keys.opened(row).secrets else { continue }
                    let plan = try await keys.withServerHalf(
                        try await keys.sealPlan(userId: row.id, policy: .pin, credentials: nil, secret: pin, unlock: new.unlock),
                        userId: row.id, refreshToken: secrets.refreshToken)
                    let resealed = try keys.seal(secrets, plan: plan, userId: row.id, entry: row.entry)
                    sessionChanges.append(PolicySessionChange(id: row.id, entry: row.entry, replacing: sealed.box, sealed: resealed))
                } else {
                    sessionChanges.append(PolicySessionChange(id: row.id, entry: row.entry, replacing: sealed.box, sealed: nil))
                    loggedOut.append(row.displayName)
                    toRevoke.append((Result { try keys.opened(row) }, row))
                }
            }
        }
        try store.applyPolicy(new, sessions: sessionChanges)
        // Keys for sessions now sealed with a new PIN are not held: each user unlocks anew.
        keys.keepOnlyUnlocked(entry: nil)
        if let changed = PolicyChange.description(from: current, to: new) { history.record(.policyChanged, name: changed) }
        for (opening, row) in toRevoke {
            history.record(.loggedOut, userId: row.id, name: row.displayName)
            if row.isAnonymous { files.delete(for: row.id) }
            _ = await revocations.revokeOrQueue(opening, row: row)
        }
        changes.publish(.storeChanged, userId: "")
        return loggedOut
    }
}
