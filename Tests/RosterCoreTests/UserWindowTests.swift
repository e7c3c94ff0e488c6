import Foundation
import GRDB
import RosterWire
import Testing

@testable import RosterCore

/// A window of the device's users in either order, read with a count and the active user and
/// without the rest: the same users, in the same order, as the whole list.
@Suite("A window of the users")
struct UserWindowTests {
    /// Six users on a device, logged in a second apart: custom-JWT users with names (one with a
    /// capital, to sort without case), then Joe and Emma. Emma is active.
    func device() async throws -> (Fixture, App) {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        for (index, name) in ["zed", "Amy", "bob", "carl"].enumerated() {
            let token = try await fixture.server.admin.mintCustomJWT(
                appId: fixture.appId, subject: "window-\(index)", claims: ["name": .string(name)], lifetime: 600)
            _ = try await app.login(credentials: .jwt(token))
            fixture.clock.advance(by: 1)
        }
        _ = try await app.login(credentials: Fixture.joe)
        fixture.clock.advance(by: 1)
        _ = try await app.login(credentials: Fixture.emma)
        return (fixture, app)
    }

    @Test func aWindowIsTheWholeListsSliceInEitherOrder() async throws {
        let (_, app) = try await device()
        let all = try app.userSnapshots()
        let byName = all.sorted { ($0.displayName.lowercased(), $0.id) < ($1.displayName.lowercased(), $1.id) }
        for (order, expected) in [(UserOrder.recent, all), (.name, byName)] {
            for offset in 0..<5 {
                let window = try app.userWindow(order: order, anchor: .offset(offset), limit: 2)
                #expect(window.users.map(\.id) == expected[offset..<offset + 2].map(\.id), "\(order) from \(offset)")
                #expect(window.offset == offset && window.total == 6)
            }
            // A window past the end ends at the last user.
            let last = try app.userWindow(order: order, anchor: .offset(50), limit: 4)
            #expect(last.offset == 2 && last.users.map(\.id) == expected.suffix(4).map(\.id))
        }
        #expect(byName.map(\.displayName) == ["Amy", "bob", "carl", "emma@example.com", "joe@example.com", "zed"])
    }

    @Test func aWindowAroundTheActiveUserHoldsThemAndNamesThemWhenItDoesNot() async throws {
        let (_, app) = try await device()
        // By name Emma is fourth: a window of 2 around her starts at the third.
        let around = try app.userWindow(order: .name, limit: 2)
        #expect(around.offset == 2 && around.users.map(\.displayName) == ["carl", "emma@example.com"])
        #expect(around.current?.displayName == "emma@example.com" && around.current?.isCurrent == true)
        // Emma is the most recent: first, at the top.
        let recent = try app.userWindow(order: .recent, limit: 3)
        #expect(recent.offset == 0 && recent.users.first?.displayName == "emma@example.com")
        // A window without her still names the active user.
        let top = try app.userWindow(order: .name, anchor: .offset(0), limit: 1)
        #expect(top.users.map(\.displayName) == ["Amy"] && top.current?.displayName == "emma@example.com")
        #expect(top.revision == (try app.storeRevision()))
    }

    /// A filtered window counts and places only the users the filter lets through: by provider,
    /// by text in any case, and both; a user it does not let through anchors nothing.
    @Test func aFilteredWindowHoldsAndCountsOnlyWhomItLetsThrough() async throws {
        let (_, app) = try await device()
        let custom = UserListFilter(providerTypes: ["custom-token"])
        let jwt = try app.userWindow(order: .name, filter: custom, anchor: .offset(0), limit: 10)
        #expect(jwt.users.map(\.displayName) == ["Amy", "bob", "carl", "zed"] && jwt.count == 4 && jwt.total == 6)
        let amy = try app.userWindow(order: .recent, filter: UserListFilter(text: "AMY"), anchor: .offset(0), limit: 10)
        #expect(amy.users.map(\.displayName) == ["Amy"] && amy.count == 1)
        let emails = try app.userWindow(order: .name, filter: UserListFilter(providerTypes: ["local-userpass"], text: "EXAMPLE.COM"), limit: 1)
        #expect(emails.count == 2 && emails.users.map(\.displayName) == ["emma@example.com"], "around Emma, the active user")
        let none = try app.userWindow(order: .name, filter: UserListFilter(providerTypes: []), limit: 3)
        #expect(none.count == 0 && none.users.isEmpty && none.current?.displayName == "emma@example.com")
        // Emma is not a custom-token user: the window starts where it was told to.
        let emma = try #require(try app.userSnapshots().first { $0.isCurrent }).id
        let fallback = try app.userWindow(order: .name, filter: custom, anchor: .user(emma, otherwise: 2), limit: 2)
        #expect(fallback.offset == 2 && fallback.users.map(\.displayName) == ["carl", "zed"])
        // Find: where "zed" is among everyone, and among the custom-token users, by name.
        #expect(try app.userPositions(order: .name, holding: "ZED") == [5])
        #expect(try app.userPositions(order: .name, filter: custom, holding: "zed") == [3])
        #expect(try app.userPositions(order: .recent, holding: "nobody by this name") == [])
    }

    /// A store made before the list had its own name column gets it filled, from each user's
    /// profile, when a newer Roster opens it.
    @Test func anOlderStoreGetsItsListNamesWhenOpened() async throws {
        let (fixture, app) = try await device()
        let expected = try app.userWindow(order: .name, anchor: .offset(0), limit: 6).users.map(\.id)
        let database = try DatabaseQueue(path: fixture.directory.appendingPathComponent("device.sqlite").path)
        try await database.write { db in
            try db.execute(sql: "DROP INDEX user_by_name; DROP INDEX user_by_recent; ALTER TABLE user DROP COLUMN list_name")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v5:%'")
        }
        try database.close()
        let reopened = try fixture.makeApp()
        #expect(try reopened.userWindow(order: .name, anchor: .offset(0), limit: 6).users.map(\.id) == expected)
    }

    /// What every open and every first frame asks of the store walks an index, never the
    /// table: the look for tokens left in the clear, the window in either order, and the place
    /// of the active user.
    @Test func theQueriesOfAnOpenAndAFirstFrameWalkIndexes() async throws {
        let (fixture, _) = try await device()
        let database = try DatabaseQueue(path: fixture.directory.appendingPathComponent("device.sqlite").path)
        defer { try? database.close() }
        func plan(_ sql: String) throws -> String {
            try database.read { db in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ") }
        }
        #expect(try plan(SQLiteDeviceStore.legacyTokensQuery).contains("USING INDEX user_with_clear_tokens"))
        #expect(try plan("SELECT * FROM user ORDER BY last_active DESC, id LIMIT 10").contains("USING INDEX user_by_recent"))
        #expect(try plan("SELECT * FROM user ORDER BY list_name, id LIMIT 10").contains("USING INDEX user_by_name"))
        #expect(try plan("SELECT COUNT(*) FROM user WHERE (list_name < 'a' OR (list_name = 'a' AND id < 'b')) AND 1").contains("user_by_name"))
        #expect(try plan("SELECT EXISTS (SELECT 1 FROM user WHERE list_name IS NULL)").contains("user_by_name"))
        // `/` and `f` walk an order's index alone, never the rows with their sealed sessions.
        let holds = WindowFilter.holds.replacingOccurrences(of: "?", with: "'a'")
        for (ordering, index) in [("last_active DESC, id", "user_by_recent"), ("list_name, id", "user_by_name")] {
            #expect(try plan("SELECT \(holds) FROM user WHERE 1 ORDER BY \(ordering)").contains("COVERING INDEX \(index)"), "\(ordering)")
            #expect(try plan("SELECT COUNT(*) FROM user WHERE \(holds)").contains("COVERING INDEX"))
        }
    }
}
