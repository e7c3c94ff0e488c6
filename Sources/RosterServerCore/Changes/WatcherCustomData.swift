import RosterWire

/// Whether a watcher's custom user data has changed since it was read, for a stream whose roles
/// read `%%user.custom_data`: App Services judges each event with the data as it is then. The
/// stream's subscription also takes the changes of the custom user data collection, in commit
/// order with the watched collection's; one that touches this user's document (its user-id
/// field holds the user's id before or after) makes the data stale, and the stream reads it
/// again, once, before it judges its next event. A stream whose user's data does not change
/// reads it only as it opens.
///
///     var customData = WatcherCustomData(selector: selector)
///     customData.note(change)
///     if customData.isStale { filter = filter.usingCustomData(try await read()); customData.isStale = false }
package struct WatcherCustomData: Sendable {
    /// The user's document: the collection, the user-id field and the user's id.
    package let selector: DocumentSelector
    package let collection: DocumentChangeHub.Collection
    /// A change to the user's document has been seen since the data was last read.
    package var isStale = false

    package init(selector: DocumentSelector) {
        self.selector = selector
        collection = .init(appId: selector.appId, database: selector.database, collection: selector.collection)
    }

    /// Notes `published`: a change to this user's custom data document makes the data stale.
    /// Its bodies are read once for every watcher (`PublishedChange.documents`).
    package mutating func note(_ published: PublishedChange) {
        guard !isStale, DocumentChangeHub.Collection(of: published.change) == collection else { return }
        let read = published.documents
        let owner = JSONValue.string(selector.value)
        if read.before?[selector.field] == owner || read.after?[selector.field] == owner { isStale = true }
    }
}
