import RosterCore

/// Performs the users list's effects with the session core.
struct ListEffects {
    let session: SessionAccess

    func perform(_ effect: ListEffect, sent: Effect) async throws -> [Action] {
        switch effect {
        case .switchUser(let id):
            let user = try session.existing(id)
            try await session.app.switchUser(to: user, secret: nil)
            return session.reloaded() + [.selectUser(id: user.id), .operationFinished("Switched to \(user.displayName)", for: sent)]
        case .logOut(let id):
            let user = try session.existing(id)
            let report = try await user.logOut()
            if let error = report.revocationError {
                return [.operationFinished("Logged out \(user.displayName) here; the server was not told: \(error)", for: sent)]
            }
            return [.operationFinished("Logged out \(user.displayName)", for: sent)]
        case .remove(let id):
            let user = try session.existing(id)
            try await user.remove()
            return [.operationFinished("Removed \(user.displayName) from this device", for: sent)]
        case .delete(let id):
            let user = try session.existing(id)
            try await user.delete()
            return [.operationFinished("Deleted the account of \(user.displayName)", for: sent)]
        case .refreshCustomData(let id):
            let user = try session.existing(id)
            _ = try await user.refreshCustomData()
            return [.operationFinished("Custom data of \(user.displayName) refreshed", for: sent)]
        }
    }
}
