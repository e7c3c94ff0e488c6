import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The event an `onUserCreation` authentication trigger's function gets, key by key as App
/// Services gives it: `operationType`, `providers`, `user` (App Services' user object: `id`,
/// `type`, `data`, `custom_data`, `identities`) and `time` (a date), on both stores.
@Suite(.timeLimit(.minutes(2))) struct AuthenticationEventShapeTests {
    @Test(arguments: StoreKind.allCases) func aCreationEventHasAppServicesKeys(_ kind: StoreKind) async throws {
        let trigger = TriggerConfig(name: "onUserCreation", functionName: "logEvent", event: .authentication(operation: .create, providers: ["anon-user"]))
        let t = try await TestServer.make(TriggerTests.config([trigger]), store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let event = try #require(try await TriggerTests.logged(t.server, count: 1).first?.objectValue)
        #expect(Array(event.keys) == ["operationType", "providers", "user", "time"])
        #expect(event["operationType"] == "CREATE" && event["providers"] == ["anon-user"])
        let user = try #require(event["user"]?.objectValue)
        #expect(Array(user.keys) == ["id", "type", "data", "custom_data", "identities"])
        #expect(user["id"] == .string(ann.userId) && user["type"] == "normal")
        #expect(user["data"] == [:] && user["custom_data"] == [:])
        let identity = try #require(user["identities"]?.arrayValue?.first?.objectValue)
        #expect(identity["provider_type"] == "anon-user" && identity["id"]?.stringValue?.isEmpty == false)
        #expect(event["time"]?["$date"] != nil, "the function got a Date: \(event["time"] ?? .null)")
    }
}
