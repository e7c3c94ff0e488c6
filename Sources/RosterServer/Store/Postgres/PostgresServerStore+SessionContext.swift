import Foundation
import Logging
import PostgresNIO

extension PostgresServerStore {
    /// The session, its user and the custom data document in one prepared statement: one round
    /// trip for every refresh and every authorized request, where reading each apart took four.
    /// Only a selector whose field is not its collection's owner field takes a second query.
    func sessionContext(id: String, userId: String, customData: DocumentSelector?) async throws -> SessionContext? {
        let logger = logger
        return try await withConnection { db in
            let statement = SessionContextStatement(sessionId: id, userId: userId, customData: customData)
            var rows = try await db.execute(statement, logger: logger).makeAsyncIterator()
            guard let row = try await rows.next() else { return nil }
            let read = try statement.decode(row)
            while try await rows.next() != nil {}
            var document = read.document
            if read.ownerFieldDiffers, let customData {
                // Another field than the owner's: the general lookup, on the collection's other index.
                document = try await Self.document(db, customData, logger: logger)
            }
            return SessionContext(session: read.session, user: read.user, document: document)
        }
    }

    /// A row of `sessions` joined with `users`: the session's columns, then the user's, null
    /// when the user is gone.
    static func sessionAndUser(_ row: PostgresRow) throws -> (SessionRecord, UserRecord?) {
        let cells = row.makeRandomAccess()
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
}
