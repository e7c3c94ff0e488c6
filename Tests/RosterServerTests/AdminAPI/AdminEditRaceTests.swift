import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// realm-js's app importer sends an app's secrets and values all at once (and its rules without
/// waiting) and fails the import on any refusal, without trying again: concurrent edits of one
/// app must all take effect, on one server and across two over the database.
@Suite struct AdminEditRaceTests {
    @Test(arguments: StoreKind.allCases) func editsSentAllAtOnceAllTakeEffect(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let count = AdminApps.editTries * 3
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask {
                    await t.admin(
                        .post, "groups/\(made.groupId)/apps/\(app.id)/secrets", json: ["name": .string("secret\(index)"), "value": "v"],
                        bearer: login.accessToken
                    ).status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 201, count: count))
        let stored = try await t.apps.app(app.id, in: made.groupId)
        #expect(stored.secrets.count == count && stored.model.secrets.count == count, "\(stored.secrets.keys.sorted())")
    }

    @Test(arguments: StoreKind.allCases) func twoServersEditingOneAppAtOnceBothTakeEffect(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let other = try await t.another()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        async let first = t.admin(.post, "groups/\(made.groupId)/apps/\(app.id)/values", json: ["name": "first", "value": 1], bearer: login.accessToken)
        async let second = other.admin(.post, "groups/\(made.groupId)/apps/\(app.id)/values", json: ["name": "second", "value": 2], bearer: login.accessToken)
        let (one, two) = await (first, second)
        #expect(one.status == 201 && two.status == 201, "\(one.status) \(two.status)")
        let stored = try await t.apps.app(app.id, in: made.groupId)
        #expect(Set(stored.model.values.map(\.name)) == ["first", "second"] && stored.version == 3)
    }
}
