import Foundation
import RosterWire

/// Reads and replaces users' custom user data: the document of the app's configured collection
/// whose user-id field holds the user's id.
struct CustomDataService: Sendable {
    let store: any ServerStore
    let ids: IdentifierSource

    /// The user's document, or nil when the app has no custom user data or the user no document.
    func document(app: ServedApp, userId: String) async throws -> JSONValue? {
        guard let selector = Self.selector(app: app, userId: userId),
            let record = try await store.document(selector)
        else { return nil }
        return try? JSONValue(parsing: record.body)
    }

    /// Replaces the user's document with `document` (an object), setting the user-id field.
    func replace(app: ServedApp, userId: String, document: JSONValue) async throws {
        guard let selector = Self.selector(app: app, userId: userId), let settings = app.config.customUserData else {
            throw ServerAdminError.customDataDisabled(appId: app.id)
        }
        guard case .object(var fields) = document else { throw ServerAdminError.notAnObject }
        fields.removeValue(forKey: "_id")
        fields[settings.userIdField] = .string(userId)
        let record = DocumentRecord(
            appId: app.id, database: settings.database, collection: settings.collection, id: ids.objectId(),
            body: JSONValue.object(fields).compactText)
        try await store.replaceDocument(selector, with: record)
    }

    static func selector(app: ServedApp, userId: String) -> DocumentSelector? {
        guard let settings = app.config.customUserData, settings.enabled else { return nil }
        return DocumentSelector(
            appId: app.id, database: settings.database, collection: settings.collection, field: settings.userIdField,
            value: userId)
    }
}
