import Foundation
import Logging
import PostgresNIO
import RosterServerCore

extension PostgresServerStore {
    /// The session, its user and the custom data document in one prepared statement: one round
    /// trip for every refresh and every authorized request, where reading each apart took four.
    /// Only a selector whose field is not its collection's owner field takes a second query.
    package func sessionContext(id: String, userId: String, customData: DocumentSelector?) async throws -> SessionContext? {
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
}
