import Foundation

/// An app the database holds (made through the Admin API): its ids, its group, and its whole
/// definition as one JSON document, numbered by `version` so that every server process over the
/// store sees a change and a lost update is refused.
package struct HostedAppRecord: Sendable, Equatable {
    /// The Admin API's id of the app (an ObjectId's hex).
    package var id: String
    package var groupId: String
    /// The id clients name the app by.
    package var clientAppId: String
    package var name: String
    /// The app's definition: what RosterAdminAPI's `HostedApp` encodes.
    package var document: String
    package var version: Int
    package var createdAt: Date
    package var updatedAt: Date

    package init(
        id: String, groupId: String, clientAppId: String, name: String, document: String, version: Int, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.groupId = groupId
        self.clientAppId = clientAppId
        self.name = name
        self.document = document
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Which version of each app the store holds: what a server compares with what it serves.
package struct HostedAppStamp: Sendable, Equatable, Hashable {
    package var id: String
    package var version: Int

    package init(id: String, version: Int) {
        self.id = id
        self.version = version
    }
}
