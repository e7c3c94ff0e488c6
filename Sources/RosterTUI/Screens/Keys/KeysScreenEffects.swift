import RosterCore

/// Performs the API keys screen's effects with the owner's session: each answers with the
/// owner's keys as the server lists them after it.
struct KeysScreenEffects {
    let session: SessionAccess

    func perform(_ effect: KeysEffect, sent: Effect) async throws -> [Action] {
        switch effect {
        case .load(let owner):
            let user = try session.existing(owner)
            let rows = try await keyRows(of: user)
            let counted = rows.count == 1 ? "1 API key" : "\(rows.count) API keys"
            return [.apiKeysLoaded(owner: owner, rows), .operationFinished("\(user.displayName) has \(counted)", for: sent)]
        case .create(let owner, let name):
            let user = try session.existing(owner)
            let key = try await user.apiKeysAuth.create(name: name)
            guard let secret = key.key else { throw RosterError.malformedResponse("the server made the key but did not return it") }
            return [
                .apiKeyCreated(owner: owner, CreatedKey(name: key.name, secret: secret)),
                .apiKeysLoaded(owner: owner, try await keyRows(of: user)), .operationFinished("Made API key '\(key.name)'", for: sent),
            ]
        case .setEnabled(let owner, let keyId, let enabled):
            let user = try session.existing(owner)
            if enabled { try await user.apiKeysAuth.enable(id: keyId) } else { try await user.apiKeysAuth.disable(id: keyId) }
            let rows = try await keyRows(of: user)
            let name = rows.first { $0.id == keyId }?.name ?? keyId
            return [.apiKeysLoaded(owner: owner, rows), .operationFinished("\(enabled ? "Enabled" : "Disabled") API key '\(name)'", for: sent)]
        case .delete(let owner, let keyId):
            let user = try session.existing(owner)
            try await user.apiKeysAuth.delete(id: keyId)
            return [.apiKeysLoaded(owner: owner, try await keyRows(of: user)), .operationFinished("Deleted the API key", for: sent)]
        }
    }

    private func keyRows(of user: User) async throws -> [APIKeyRow] {
        try await user.apiKeysAuth.list().map { APIKeyRow(id: $0.id, name: $0.name, disabled: $0.disabled) }
    }
}
