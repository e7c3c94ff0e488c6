import PostgresNIO

extension PostgresServerStore {
    func sessionContext(id: String, userId: String, customData: @escaping @Sendable (_ appId: String) -> DocumentSelector?) async throws
        -> SessionContext?
    {
        let logger = logger
        return try await withConnection { db in
            guard
                let session = try await db.query("SELECT \(unescaped: Self.sessionColumns) FROM sessions WHERE id = \(id)", logger: logger)
                    .collect().first.map(Self.session)
            else { return nil }
            let user = try await db.query(
                "SELECT \(unescaped: Self.userColumns) FROM users WHERE app_id = \(session.appId) AND id = \(userId)", logger: logger
            ).collect().first.map(Self.user)
            var document: DocumentRecord?
            if let selector = customData(session.appId) {
                document = try await Self.document(db, selector, logger: logger)
            }
            return SessionContext(session: session, user: user, document: document)
        }
    }
}
