/// What deleting an app the database holds removes, in one transaction, the same for every store
/// driver: every row of the app's users, data and function runs (keyed by its client app id) and
/// last the app itself. The rows that hang off a user (identities, sessions and their unlock
/// keys, API keys) go before the users so that neither store's foreign keys refuse the order.
/// The audit keeps its lines: they are the record of what happened, the deletion among them.
///
///     for statement in AppDeletionRule.statements(id: app.id, clientAppId: app.clientAppId) { … }
///     // the last one deletes the app and returns its id when there was one
package enum AppDeletionRule {
    /// The tables keyed by `app_id`, children before parents.
    package static let tables = [
        "unlock_keys", "sessions", "api_keys", "identities", "users", "email_accounts", "account_tokens", "documents",
        "document_owner_fields", "failed_attempts", "device_authorizations", "web_sign_ins", "trigger_events",
        "trigger_resume_points", "function_runs",
    ]

    /// The statements, to run in order in one transaction; the last returns the app's id when
    /// the app was there.
    package static func statements(id: String, clientAppId: String) -> [StoreStatement] {
        let app: StoreStatement = "\(clientAppId)"
        return tables.map { table in StoreStatement(stringLiteral: "DELETE FROM \(table) WHERE app_id = ") + app } + [
            // The change log names the app in each change's compact JSON (`DocumentChange.text`);
            // a document body holding the same words has its quotes escaped, so never matches.
            #"DELETE FROM document_changes WHERE change LIKE \#(changePattern(clientAppId)) ESCAPE '\'"#,
            "DELETE FROM hosted_apps WHERE id = \(id) AND client_app_id = \(clientAppId) RETURNING id",
        ]
    }

    /// `%"appId":"<id>"%`, with LIKE's own characters in the id taken literally.
    package static func changePattern(_ clientAppId: String) -> String {
        var escaped = ""
        for character in clientAppId {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%\"appId\":\"\(escaped)\"%"
    }
}

extension StoreStatement {
    /// One statement after another: their texts and values in order.
    static func + (lhs: StoreStatement, rhs: StoreStatement) -> StoreStatement {
        var joined = lhs
        joined.parts += rhs.parts
        return joined
    }
}
