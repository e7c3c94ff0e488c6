import Foundation
import RosterWire
import Testing
@testable import RosterServerCore

/// A watcher's user record is stale only after a change to that user (an identity linked, new
/// provider data), never after another user's, another app's or a document's; and the
/// collection those changes are written in is one no client can name.
@Suite struct WatcherUserTests {
    static let time = Date(timeIntervalSince1970: 0)

    @Test func onlyAChangeToTheUserMakesItsRecordStale() {
        let unchanged: [DocumentChange] = [
            UserChange.change(appId: "app", userId: "u2", at: Self.time),
            UserChange.change(appId: "other", userId: "u1", at: Self.time),
            DocumentChange(
                appId: "app", database: "kiosk", collection: "users", key: "u1", operation: .update, before: #"{"_id":"u1"}"#,
                after: #"{"_id":"u1","x":1}"#, time: Self.time),
        ]
        for change in unchanged {
            var user = WatcherUser(appId: "app", userId: "u1")
            user.note(PublishedChange(change))
            #expect(!user.isStale, "\(change)")
        }
        var user = WatcherUser(appId: "app", userId: "u1")
        user.note(PublishedChange(UserChange.change(appId: "app", userId: "u1", at: Self.time)))
        #expect(user.isStale)
        #expect(UserChange.userId(of: UserChange.change(appId: "app", userId: "u1", at: Self.time)) == "u1")
        #expect(UserChange.userId(of: unchanged[2]) == nil)
    }

    @Test func noClientCanWatchOrWriteTheUsersChanges() {
        let users = UserChange.collection(appId: "app")
        let namespace: JSONObject = ["database": .string(users.database), "collection": .string(users.collection)]
        var insert = namespace
        insert["document"] = ["_id": "u1"]
        for (operation, arguments) in [("watch", namespace), ("insertOne", insert)] {
            #expect(throws: ErrorResponse.self) { _ = try DataAccessRequest.parse(operation, arguments: [.object(arguments)]) }
            // The same call on a collection a client may name is taken.
            var named = arguments
            named["database"] = "kiosk"
            #expect(throws: Never.self) { _ = try DataAccessRequest.parse(operation, arguments: [.object(named)]) }
        }
    }
}
