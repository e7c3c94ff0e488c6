import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// An aggregate with a number at the edge of 64 bits is answered, never a crash: the attack was
/// `{"$project": {"x": {"$substrCP": ["$s", 1, 9223372036854775807]}}}`, which stopped the server
/// with an arithmetic overflow.
@Suite struct ExpressionExtremesServerTests {
    static let notes = ("kiosk", "notes")

    @Test func aSubstringOfHugeLengthIsAnsweredAndTheServerGoesOn() async throws {
        var config = DataAccessTests.config()
        config.rules = [DataAccessOperationsTests.notes, DataAccessTests.closed, TestConfig.ownCustomData]
        let t = try await TestServer.make(config, store: .sqlite)
        let ann = DataAccessTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        _ = try await ann.json("insertOne", ["document": ["_id": 1, "s": "abc"]], in: Self.notes)

        let refused = await ann.data("aggregate", ["pipeline": [["$project": ["x": ["$substrCP": ["$s", 1, .int(Int64.max)]]]]]], in: Self.notes)
        #expect(refused.status == 400 && refused.errorCode == "InvalidParameter", "\(refused.status)")
        #expect(refused.errorMessage == "$substrCP: length must be representable as a 32-bit integral value")

        let bytes = try await ann.json("aggregate", ["pipeline": [["$project": ["x": ["$substrBytes": ["$s", 1, .int(Int64.max)]]]]]], in: Self.notes)
        #expect(bytes == [["_id": 1, "x": "bc"]])
        let sum = try await ann.json("aggregate", ["pipeline": [["$project": ["x": ["$add": [.int(Int64.max), .int(Int64.max)]]]]]], in: Self.notes)
        #expect(sum == [["_id": 1, "x": .double(2 * Double(Int64.max))]])
        #expect(await t.call(.get, "/health").status == 200)
    }
}
