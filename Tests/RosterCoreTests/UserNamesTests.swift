import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// The users a name typed on the command line may mean, read through the store's indexes
/// instead of every user: every user a prefix, an id's end or a profile name could name is
/// found, the text means itself (`%`, `_` and `*` included) and none other is.
@Suite("The users a name may mean")
struct UserNamesTests {
    /// Custom-JWT users logged in a second apart, each with a name and, where given, an email.
    func device(_ people: [(name: String, email: String?)]) async throws -> (Fixture, App) {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        for (index, person) in people.enumerated() {
            var claims: JSONObject = ["name": .string(person.name)]
            if let email = person.email { claims["email"] = .string(email) }
            let token = try await fixture.server.admin.mintCustomJWT(appId: fixture.appId, subject: "names-\(index)", claims: claims, lifetime: 600)
            _ = try await app.login(credentials: .jwt(token))
            fixture.clock.advance(by: 1)
        }
        return (fixture, app)
    }

    @Test func patternCharactersInTheTextMeanThemselves() async throws {
        let (_, app) = try await device([
            ("Ann", "a_b@example.com"), ("Axel", "axb@example.com"), ("Cent", "100%@example.com"), ("Cento", "1000@example.com"),
            ("Star", "st*r@example.com"), ("Stir", "stir@example.com"),
        ])
        #expect(try app.usersPossiblyNamed("a_").map(\.email) == ["a_b@example.com"])
        #expect(try app.usersPossiblyNamed("100%").map(\.email) == ["100%@example.com"])
        #expect(try app.usersPossiblyNamed("st*").map(\.email) == ["st*r@example.com"])
        #expect(try app.usersPossiblyNamed("%").isEmpty)
        #expect(try app.usersPossiblyNamed("_").isEmpty)
    }

    @Test func everyRuleOfANameFindsItsUsersMostRecentFirst() async throws {
        let (_, app) = try await device([
            ("Zoë Müller", "zm@example.com"), ("Zoltan", nil), ("ÉMILE", nil), ("Other", "zz@example.com"),
        ])
        let all = try app.userSnapshots()
        // A profile name of a user who has an email too, whose list name is the email; without case, outside ASCII.
        #expect(try app.usersPossiblyNamed("ZOË M").map(\.email) == ["zm@example.com"])
        // A name without an email, and the email prefix; the most recently active first.
        #expect(try app.usersPossiblyNamed("zo").map(\.name) == ["Zoltan", "Zoë Müller"])
        #expect(try app.usersPossiblyNamed("z").map(\.displayName) == ["zz@example.com", "Zoltan", "zm@example.com"])
        #expect(try app.usersPossiblyNamed("émi").map(\.name) == ["ÉMILE"])
        // An id, its beginning, and its end.
        let emile = try #require(all.first { $0.profile.name == "ÉMILE" })
        #expect(try app.usersPossiblyNamed(emile.id).map(\.id) == [emile.id])
        #expect(try app.usersPossiblyNamed(String(emile.id.suffix(8))).map(\.id).contains(emile.id))
        #expect(try app.usersPossiblyNamed(String(emile.id.prefix(20))).map(\.id).contains(emile.id))
        #expect(try app.usersPossiblyNamed("nobody").isEmpty)
    }

    /// The end of a prefix's range is the prefix with its last character raised, past the
    /// surrogates and the last code point.
    @Test func aPrefixRangeEndsAboveEveryTextItBegins() {
        #expect(SQLiteDeviceStore.prefixEnd("ab") == "ac")
        #expect(SQLiteDeviceStore.prefixEnd("a\u{D7FF}") == "a\u{E000}")
        #expect(SQLiteDeviceStore.prefixEnd("a\u{10FFFF}") == "b")
        #expect(SQLiteDeviceStore.prefixEnd("\u{10FFFF}") == nil)
    }
}
