import RosterCore
import RosterWire

/// Performs the custom data editor's save with the session core.
struct DataEditorEffects {
    let session: SessionAccess

    func save(owner: String, update: JSONValue, sent: Effect) async throws -> [Action] {
        let user = try session.existing(owner)
        try await user.updateCustomData(update)
        return session.reloaded() + [.operationFinished("Saved the custom data of \(user.displayName)", for: sent)]
    }
}
