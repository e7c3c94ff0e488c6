/// The columns of the records that both stores read by position, in the order they decode them:
/// one list for SQLite and PostgreSQL, so that the stores cannot drift apart.
///
///     RecordColumns.select(RecordColumns.user, as: "u")  // u."id", u."app_id", …
package enum RecordColumns {
    package static let session = [
        "id", "app_id", "user_id", "device_id", "refresh_digest", "created_at", "expires_at", "revoked", "refresh_generation",
        "previous_refresh_digest", "rotated_at", "sealed_refresh",
    ]
    package static let user = ["id", "app_id", "disabled", "created_at", "profile"]
    package static let document = ["app_id", "database", "collection", "id", "body", "owner"]

    /// What both stores' token read selects, in this order: the session (`s`), its user (`u`),
    /// the custom data collection's owner field (`f.field`) and the document (`d`).
    package static let sessionContext = [
        select(session, as: "s"), select(user, as: "u"), "f.field", select(document, as: "d"),
    ].joined(separator: ", ")

    /// `columns` as the list of a SELECT or INSERT, each name quoted (`database` is a keyword),
    /// after `alias.` when there is one.
    package static func select(_ columns: [String], as alias: String? = nil) -> String {
        columns.map { (alias.map { "\($0)." } ?? "") + "\"\($0)\"" }.joined(separator: ", ")
    }
}
