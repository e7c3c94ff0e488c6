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

    /// Each server sends its edits all at once: each server's own are taken one after another,
    /// so the two servers' interleave, and an edit written over the other server's (a version
    /// not checked on write) loses a value. An edit is refused only when the other server wrote
    /// between its read and its write, so `editTries - 1` edits each cannot exhaust the tries.
    @Test(arguments: StoreKind.allCases) func twoServersEditingOneAppAtOnceAllTakeEffect(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let other = try await t.another()
        let app = try await t.apps.create(name: "kiosk", product: nil, in: made.groupId)
        let each = AdminApps.editTries - 1
        let servers = [t, other]
        let statuses = await withTaskGroup(of: Int.self) { group in
            for (server, target) in servers.enumerated() {
                for index in 0..<each {
                    group.addTask {
                        await target.admin(
                            .post, "groups/\(made.groupId)/apps/\(app.id)/values", json: ["name": .string("s\(server)v\(index)"), "value": 1],
                            bearer: login.accessToken
                        ).status
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 201, count: 2 * each))
        let stored = try await t.apps.app(app.id, in: made.groupId)
        let names = Set((0..<2).flatMap { server in (0..<each).map { "s\(server)v\($0)" } })
        #expect(Set(stored.model.values.map(\.name)) == names, "\(stored.model.values.map(\.name).sorted())")
        #expect(stored.version == 1 + 2 * each)
    }
}
