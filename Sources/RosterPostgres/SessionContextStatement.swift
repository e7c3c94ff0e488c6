import Foundation
import PostgresNIO
import RosterServerCore

/// The read behind every request that bears a token, as one prepared statement: the session,
/// its user, the owner field of the custom data collection and the user's document there, in
/// one round trip, parsed and planned once for each connection. Without a selector (or for a
/// session of another app) the owner field and the document come back null.
package struct SessionContextStatement: PostgresPreparedStatement {
    package typealias Row = PostgresRow

    package static let name = "roster_session_context_v1"

    package static let sql = """
            SELECT \(RecordColumns.sessionContext)
            FROM sessions s
            LEFT JOIN users u ON u.app_id = s.app_id AND u.id = $2
            LEFT JOIN document_owner_fields f
                ON s.app_id = $3 AND f.app_id = $3 AND f."database" = $4 AND f.collection = $5
            LEFT JOIN LATERAL (
                SELECT \(PostgresServerStore.documentColumns) FROM documents
                WHERE app_id = $3 AND "database" = $4 AND collection = $5 AND owner = $6 AND f.field = $7
                ORDER BY id LIMIT 1
            ) d ON true
            WHERE s.id = $1
            """

    /// Where the owner field is in the row: after the session's columns and the user's.
    package static let ownerFieldColumn = RecordColumns.session.count + RecordColumns.user.count

    package static let bindingDataTypes: [PostgresDataType] = Array(repeating: .text, count: 7)

    package var sessionId: String
    package var userId: String
    package var customData: DocumentSelector?

    package func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 7)
        bindings.append(sessionId)
        bindings.append(userId)
        bindings.append(customData?.appId)
        bindings.append(customData?.database)
        bindings.append(customData?.collection)
        bindings.append(customData?.value)
        bindings.append(customData?.field)
        return bindings
    }

    package func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }

    /// What the row says: the session and its user, and the document when the selector's field
    /// is the collection's owner field. `ownerFieldDiffers` when the selector names a session of
    /// its app but the owner field is another (or not recorded), so that the document is to be
    /// looked up by the selector's own field.
    package struct Decoded {
        package var session: SessionRecord
        package var user: UserRecord?
        package var document: DocumentRecord?
        package var ownerFieldDiffers: Bool
    }

    package func decode(_ row: PostgresRow) throws -> Decoded {
        let cells = row.makeRandomAccess()
        let (session, user) = try Self.sessionAndUser(cells)
        let ownerField = Self.ownerFieldColumn
        switch SessionContextRule.customData(customData, sessionAppId: session.appId, ownerField: try cells[ownerField].decode(String?.self)) {
        case .noDocument: return Decoded(session: session, user: user, document: nil, ownerFieldDiffers: false)
        case .lookedUp: return Decoded(session: session, user: user, document: nil, ownerFieldDiffers: true)
        case .joined: break
        }
        guard let appId = try cells[ownerField + 1].decode(String?.self) else {
            return Decoded(session: session, user: user, document: nil, ownerFieldDiffers: false)
        }
        let document = DocumentRecord(
            appId: appId, database: try cells[ownerField + 2].decode(String.self), collection: try cells[ownerField + 3].decode(String.self),
            id: try cells[ownerField + 4].decode(String.self), body: try cells[ownerField + 5].decode(String.self),
            owner: try cells[ownerField + 6].decode(String?.self))
        return Decoded(session: session, user: user, document: document, ownerFieldDiffers: false)
    }

    /// The row's first columns: the session's, then the user's, null when the user is gone.
    private static func sessionAndUser(_ cells: PostgresRandomAccessRow) throws -> (SessionRecord, UserRecord?) {
        let session = SessionRecord(
            id: try cells[0].decode(String.self), appId: try cells[1].decode(String.self), userId: try cells[2].decode(String.self),
            deviceId: try cells[3].decode(String.self), refreshDigest: try cells[4].decode(String.self),
            createdAt: try cells[5].decode(Date.self), expiresAt: try cells[6].decode(Date.self), revoked: try cells[7].decode(Bool.self),
            refreshGeneration: try cells[8].decode(Int.self), previousRefreshDigest: try cells[9].decode(String?.self),
            rotatedAt: try cells[10].decode(Date?.self), sealedRefresh: try cells[11].decode(Data?.self))
        guard let userId = try cells[12].decode(String?.self) else { return (session, nil) }
        let user = UserRecord(
            id: userId, appId: try cells[13].decode(String.self), disabled: try cells[14].decode(Bool.self),
            createdAt: try cells[15].decode(Date.self), profile: try cells[16].decode(String.self))
        return (session, user)
    }

    package init(sessionId: String, userId: String, customData: DocumentSelector? = nil) {
        self.sessionId = sessionId
        self.userId = userId
        self.customData = customData
    }
}
