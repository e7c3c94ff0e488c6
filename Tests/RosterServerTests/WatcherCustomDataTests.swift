import Foundation
import Testing
@testable import RosterServerCore

/// A watcher's custom data is stale only after a change to its own user's document (by the
/// user-id field, before or after), never after another user's or another collection's: a
/// stream reads the store again only when the data it judges by has changed.
@Suite struct WatcherCustomDataTests {
    static let selector = DocumentSelector(appId: "app", database: "kiosk", collection: "users", field: "userId", value: "u1")

    static func change(_ operation: DocumentChange.Operation, before: String?, after: String?, collection: String = "users") -> PublishedChange {
        PublishedChange(DocumentChange(
            appId: "app", database: "kiosk", collection: collection, key: "\"d\"", operation: operation, before: before, after: after,
            time: Date(timeIntervalSince1970: 0)))
    }

    @Test func onlyAChangeToTheUsersOwnDocumentMakesItStale() {
        let mine = #"{"_id":"d","userId":"u1","storeId":"A"}"#
        let theirs = #"{"_id":"e","userId":"u2","storeId":"u1"}"#
        let unchanged: [PublishedChange] = [
            Self.change(.insert, before: nil, after: theirs),
            Self.change(.update, before: theirs, after: theirs.replacingOccurrences(of: "\"A\"", with: "\"B\"")),
            Self.change(.insert, before: nil, after: mine, collection: "kiosks"),
        ]
        for change in unchanged {
            var customData = WatcherCustomData(selector: Self.selector)
            customData.note(change)
            #expect(!customData.isStale, "\(change.change)")
        }
        let stale: [PublishedChange] = [
            Self.change(.insert, before: nil, after: mine),
            Self.change(.update, before: mine, after: mine.replacingOccurrences(of: "\"A\"", with: "\"B\"")),
            Self.change(.update, before: mine, after: theirs),
            Self.change(.delete, before: mine, after: nil),
        ]
        for change in stale {
            var customData = WatcherCustomData(selector: Self.selector)
            customData.note(change)
            #expect(customData.isStale, "\(change.change)")
        }
    }
}
