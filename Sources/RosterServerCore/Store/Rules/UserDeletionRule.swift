/// What deleting a user removes, in order, the same for every store driver: first what is
/// found through the user's identities (their own documents, the confirmation and reset tokens
/// and failed-attempt counts of their email, the email account), then their device log-ins,
/// and last the user, whose row the schema's `ON DELETE CASCADE` follows to their identities,
/// sessions (and the sessions' unlock keys) and API keys. The audit keeps its lines: they are
/// the record of what happened, the deletion among them.
///
///     for statement in UserDeletionRule.statements(appId: appId, userId: userId) { … }
///     // the last one deletes the user and returns its id when there was one
package enum UserDeletionRule {
    /// The statements, to run in order in one transaction; the last returns the user's id when
    /// the user was there.
    package static func statements(appId: String, userId: String) -> [StoreStatement] {
        let emails = emails(appId: appId, userId: userId)
        return [
            // The owner column holds the user id in the collections that name an owner field,
            // and nowhere else.
            """
            DELETE FROM documents WHERE app_id = \(appId) AND owner = \(userId) AND EXISTS (
                SELECT 1 FROM document_owner_fields AS field WHERE field.app_id = documents.app_id
                AND field."database" = documents."database" AND field.collection = documents.collection)
            """,
            "DELETE FROM account_tokens WHERE app_id = \(appId) AND email IN (\(emails))",
            "DELETE FROM failed_attempts WHERE app_id = \(appId) AND scope LIKE \("%/" + AttemptKey.Kind.account.rawValue) AND key IN (\(emails))",
            """
            DELETE FROM email_accounts WHERE app_id = \(appId) AND id IN (SELECT provider_id FROM identities
                WHERE app_id = \(appId) AND user_id = \(userId) AND provider_type = 'local-userpass')
            """,
            "DELETE FROM device_authorizations WHERE app_id = \(appId) AND (user_id = \(userId) OR link_user_id = \(userId))",
            "DELETE FROM users WHERE app_id = \(appId) AND id = \(userId) RETURNING id",
        ]
    }

    /// The emails of the user's email/password identities.
    static func emails(appId: String, userId: String) -> StoreStatement {
        """
        SELECT email_accounts.email FROM email_accounts JOIN identities ON identities.app_id = email_accounts.app_id
            AND identities.provider_type = 'local-userpass' AND identities.provider_id = email_accounts.id
            WHERE identities.app_id = \(appId) AND identities.user_id = \(userId)
        """
    }
}
