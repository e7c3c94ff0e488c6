/// Whether a watcher's user record has changed since it was read, for a stream whose roles read
/// `%%user.identities`, `%%user.type` (which the identities tell) or `%%user.data` (what their
/// providers gave): App Services judges each event with the user as they are then. The stream's
/// subscription also takes the app's user changes (`UserChange`), in commit order with the
/// watched collection's; one for this user (an identity linked, new provider data at a log-in,
/// on any server) makes the record stale, and the stream reads it again, once, before it judges
/// its next event. A stream whose user does not change reads it only as it opens.
///
///     var user = WatcherUser(appId: app.id, userId: caller.user.id)
///     user.note(change)
///     if user.isStale { filter = filter.usingUser(try await read()); user.isStale = false }
package struct WatcherUser: Sendable {
    /// Where the app's user changes are handed out.
    package let collection: DocumentChangeHub.Collection
    package let userId: String
    /// A change to the user has been seen since the record was last read.
    package var isStale = false

    package init(appId: String, userId: String) {
        collection = UserChange.collection(appId: appId)
        self.userId = userId
    }

    /// Notes `published`: a change to this user makes the record stale. Nothing of its body is read.
    package mutating func note(_ published: PublishedChange) {
        guard !isStale, DocumentChangeHub.Collection(of: published.change) == collection, published.change.key == userId else { return }
        isStale = true
    }
}
