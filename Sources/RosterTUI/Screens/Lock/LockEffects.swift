import RosterCore

/// Performs the PIN box's, the idle lock's and the kiosk's effects with the session core.
struct LockEffects {
    let session: SessionAccess

    func perform(_ effect: LockEffect, sent: Effect) async throws -> [Action] {
        let app = session.app
        switch effect {
        case .unlockAndSwitch(let id, let secret):
            let user = try session.existing(id)
            let report = try await app.switchUser(to: user, secret: secret.value)
            let told = report.notice.map { ". \($0)" } ?? ""
            return session.reloaded() + [.selectUser(id: user.id), .operationFinished("Switched to \(user.displayName)\(told)", for: sent)]
        case .unlockAndLogOut(let id, let secret):
            let user = try session.existing(id)
            try await user.unlock(secret: secret.value)
            let report = try await user.logOut()
            let told = report.revocationError.map { "; the server was not told: \($0)" } ?? ""
            return session.reloaded() + [.operationFinished("Logged out \(user.displayName)\(told)", for: sent)]
        case .unlockAndRemove(let id, let secret):
            let user = try session.existing(id)
            try await user.unlock(secret: secret.value)
            try await user.remove()
            return session.reloaded() + [.operationFinished("Removed \(user.displayName)", for: sent)]
        case .adminLogOut(let id, let secret):
            let user = try session.existing(id)
            let grant = try await app.checkAdminPIN(secret.value, for: "logging out \(user.displayName)")
            let report = try await user.logOut(admin: grant)
            let told = report.revocationError.map { "; the server was not told: \($0)" } ?? ""
            return session.reloaded() + [.operationFinished("Logged out \(user.displayName) with the admin PIN\(told)", for: sent)]
        case .adminRemove(let id, let secret):
            let user = try session.existing(id)
            let grant = try await app.checkAdminPIN(secret.value, for: "removing \(user.displayName)")
            try await user.remove(admin: grant)
            return session.reloaded() + [.operationFinished("Removed \(user.displayName) with the admin PIN", for: sent)]
        case .leaveKiosk(let secret):
            _ = try await app.checkAdminPIN(secret.value, for: "leaving the kiosk")
            return [.kioskLeft(for: sent)]
        case .unlock(let id, let secret):
            let user = try session.existing(id)
            let report = try await user.unlock(secret: secret.value)
            let told = report.notice.map { ". \($0)" } ?? ""
            return session.reloaded() + [.operationFinished("Unlocked; \(user.displayName) is active\(told)", for: sent)]
        case .idleLock(.lock, let idleSince):
            guard try app.idleLock(idleSince: idleSince) != .someoneActive else { return [.idleLockLifted(try app.deviceActivity())] }
            return session.reloaded()
        case .idleLock(.logoutToNobody, let idleSince):
            guard try app.deactivate(ifIdleSince: idleSince) != .someoneActive else { return [.idleLockLifted(try app.deviceActivity())] }
            return session.reloaded()
        case .followLock:
            app.followIdleLock()
            return session.reloaded()
        }
    }
}
