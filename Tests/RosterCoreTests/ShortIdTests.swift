import Foundation
import RosterWire
import Testing
@testable import RosterCore

/// Anonymous users are known by the end of their id, where ids made in one second differ.
@Suite struct ShortIdTests {
    func anonymous(_ id: String) -> StoredUser {
        StoredUser(
            id: id, entry: "entry", state: .loggedIn, identities: [Identity(id: "i-\(id)", provider: .anonymous)], profile: [:])
    }

    @Test func anonymousUsersMadeInOneSecondHaveDifferentNames() {
        // One server, one second: the same seconds and random value, counters one apart.
        let ids = ["6b09bac9a1b2c3d4e5000101", "6b09bac9a1b2c3d4e5000102", "6b09bac9a1b2c3d4e5000103"]
        let names = ids.map { anonymous($0).displayName }
        #expect(names == ["anonymous user e5000101", "anonymous user e5000102", "anonymous user e5000103"])
        #expect(Set(names).count == 3)
    }
}
