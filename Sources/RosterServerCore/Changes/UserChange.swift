import Foundation

/// A user's own record changed: an identity linked to them, or the data their provider gave
/// stored over theirs at a log-in. The store writes it among the document changes, in the
/// transaction that changes the user, so that every server's change hub hands it, in commit
/// order, to the change streams whose roles read that user (`WatcherUser`). It is kept in a
/// collection of an empty database, which no client, rule or trigger can name (each refuses an
/// empty database), and carries no body: only the user's id, as its key.
///
///     try Self.record([UserChange.change(appId: "app", userId: user.id, at: hub.now())], db, hub: hub)
///     UserChange.userId(of: published.change) // the user's id, or nil for a document's change
package enum UserChange {
    /// The collection an app's users' changes are written in.
    package static func collection(appId: String) -> DocumentChangeHub.Collection {
        DocumentChangeHub.Collection(appId: appId, database: "", collection: "users")
    }

    /// The change that says user `userId` of app `appId` changed.
    package static func change(appId: String, userId: String, at time: Date) -> DocumentChange {
        let users = collection(appId: appId)
        return DocumentChange(
            appId: appId, database: users.database, collection: users.collection, key: userId, operation: .update, before: nil, after: nil,
            time: time)
    }

    /// The id of the user `change` says changed; nil for a change of a document.
    package static func userId(of change: DocumentChange) -> String? {
        DocumentChangeHub.Collection(of: change) == collection(appId: change.appId) ? change.key : nil
    }
}
