import Foundation
import RosterDocuments
import RosterWire

/// Reads and replaces users' custom user data: the document of the app's configured collection
/// whose user-id field holds the user's id.
package struct CustomDataService: Sendable {
    package let store: any DocumentStore
    package let ids: IdentifierSource

    /// The user's document as access tokens carry it (relaxed Extended JSON, without `_id`), or
    /// nil when the app has no custom user data or the user no document.
    package func document(app: ServedApp, userId: String) async throws -> JSONValue? {
        guard let selector = Self.selector(app: app, userId: userId) else { return nil }
        return Self.tokenData(from: try await store.document(selector))
    }

    /// A stored custom data document as access tokens carry it.
    package static func tokenData(from record: DocumentRecord?) -> JSONValue? {
        guard let record, case .object(var fields)? = try? JSONValue(parsing: record.body) else { return nil }
        fields["_id"] = nil
        return ExtendedJSON.relaxed(.object(fields))
    }

    /// Replaces the user's document with `document` (an object), setting the user-id field.
    package func replace(app: ServedApp, userId: String, document: JSONValue) async throws {
        guard let selector = Self.selector(app: app, userId: userId), let settings = app.config.customUserData else {
            throw ServerAdminError.customDataDisabled(appId: app.id)
        }
        guard case .object(var fields)? = try? ExtendedJSON.canonical(document) else { throw ServerAdminError.notAnObject }
        let id = ids.objectId()
        fields.setFirst("_id", ["$oid": .string(id)])
        fields[settings.userIdField] = .string(userId)
        let record = DocumentRecord(
            appId: app.id, database: settings.database, collection: settings.collection, id: id,
            body: JSONValue.object(fields).compactText)
        try await store.replaceDocument(selector, with: record)
    }

    package static func selector(app: ServedApp, userId: String) -> DocumentSelector? {
        guard let settings = app.config.customUserData, settings.enabled else { return nil }
        return DocumentSelector(
            appId: app.id, database: settings.database, collection: settings.collection, field: settings.userIdField,
            value: userId)
    }

    package init(store: any DocumentStore, ids: IdentifierSource) {
        self.store = store
        self.ids = ids
    }
}
