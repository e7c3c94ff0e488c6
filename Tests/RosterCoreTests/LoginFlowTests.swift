import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// `LoginFlow` against a real server in-process, and `IssuedTokens`' checks of what a server
/// sends.
@Suite("Log-in flow")
struct LoginFlowTests {
    // BEHAVIOURS 5-7
    @Test func aLogInStoresTheSessionMakesTheUserCurrentAndGivesItsRow() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let row = try await app.loginFlow.login(Fixture.joe)
        #expect(row.state == .loggedIn)
        #expect(row.sealed?.kind == .device)
        #expect(row.revocationBox != nil)
        #expect(row.profile["email"]?.stringValue == "joe@example.com")
        #expect(try app.store.currentUserId() == row.id)
        #expect(FileManager.default.fileExists(atPath: app.environment.files.folder(of: row.id).path))
        #expect(try app.history().first?.event == .loggedIn)
    }

    // BEHAVIOURS 8
    @Test func anAnonymousLogInUnderOpenReusesTheAnonymousUserHere() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let flow = app.loginFlow
        let first = try await flow.login(.anonymous)
        _ = try await flow.login(Fixture.joe)
        fixture.transport.reset()
        let again = try await flow.login(.anonymous)
        #expect(again.id == first.id && again.entry == first.entry)
        #expect(fixture.transport.requests.isEmpty)
        #expect(try app.store.currentUserId() == first.id)
    }

    // BEHAVIOURS 44
    @Test func aPINPolicyRefusesALogInWithoutAPINBeforeAskingTheServer() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.setPolicy(DevicePolicy(switching: .pin))
        fixture.transport.reset()
        await #expect(throws: RosterError.invalidRequest(SessionKeys.pinNeeded(.pin))) {
            try await app.loginFlow.login(.anonymous)
        }
        #expect(fixture.transport.requests.isEmpty)
        let row = try await app.loginFlow.login(.anonymous, secret: "2468")
        #expect(row.sealed?.kind == .pin)
        #expect(app.keys.isUnlocked(row))
    }

    /// A JWT of this payload, unsigned: the client reads tokens, it never verifies them.
    func jwt(_ payload: String) -> String {
        let encoded = Data(payload.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return "eyJhbGciOiJIUzI1NiJ9.\(encoded).c2ln"
    }

    // BEHAVIOURS 10
    @Test func issuedTokensMustBeReadableJWTsOfTheUserThatDoNotExpireBeforeIssue() throws {
        let good = jwt(#"{"sub":"joe","iat":1800000000,"exp":1800001800,"typ":"access"}"#)
        try IssuedTokens.check(access: good, refresh: good, userId: "joe")
        #expect(IssuedTokens.lifetime(of: good) == 1800)

        #expect(throws: RosterError.self) { try IssuedTokens.check(access: "not-a-token", refresh: nil, userId: nil) }
        #expect(throws: RosterError.self) { try IssuedTokens.check(access: good, refresh: "opaque", userId: nil) }
        #expect(throws: RosterError.malformedResponse("the access token is for another user than the one logged in")) {
            try IssuedTokens.check(access: good, refresh: nil, userId: "emma")
        }
        let backwards = jwt(#"{"sub":"joe","iat":1800001800,"exp":1800000000,"typ":"access"}"#)
        #expect(throws: RosterError.malformedResponse("the access token expires before it was issued")) {
            try IssuedTokens.check(access: backwards, refresh: nil, userId: "joe")
        }
        #expect(IssuedTokens.lifetime(of: "not-a-token") == nil)
    }
}
