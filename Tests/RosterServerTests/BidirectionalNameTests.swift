import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A name that reads as another: bidirectional controls (U+202E turns "fdp.exe" around) are
/// refused in a name the client types, and taken out of a profile a provider brings.
@Suite struct BidirectionalNameTests {
    static let controls: [Unicode.Scalar] = [
        "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
        "\u{2068}", "\u{2069}",
    ]

    @Test func theRuleKnowsEveryControlAndNothingElse() {
        for scalar in Self.controls {
            #expect(BidirectionalControls.isControl(scalar), "U+\(String(scalar.value, radix: 16))")
            #expect(!ProfileText.isFitForName("Ann\(Character(scalar))"))
        }
        for text in ["Ann", "أحمد", "אבי", "Zoë", "名前", "a\u{200D}b"] {
            #expect(!BidirectionalControls.occur(in: text), "\(text)")
            #expect(ProfileText.isFitForName(text))
        }
        #expect(BidirectionalControls.removed(from: "invoice\u{202E}fdp.exe") == "invoicefdp.exe")
    }

    /// A custom JWT's `name` (a provider's profile) with an override logs in, stored without it.
    @Test(arguments: StoreKind.allCases) func aProvidersNameLosesItsControls(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let now = Int64(t.clock.now.timeIntervalSince1970)
        let claims: JSONObject = [
            "sub": "ext-rlo", "aud": .string(TestConfig.audience), "iat": .int(now), "exp": .int(now + 600),
            "name": "Eve\u{202E}nimda", "profile": ["team": "\u{2067}ops\u{2069}"],
        ]
        let login = try await t.loggedIn(.customToken, ["token": .string(try await ExternalToken.hs256(claims))])
        let profile = try await t.call(.get, Route.profile, bearer: login.accessToken).decoded(ProfileResponse.self)
        #expect(profile.data["name"] == "Evenimda")
        #expect(profile.data["team"] == "ops")
        let listed = try await t.server.admin.listUsers(appId: t.appId)
        #expect(listed.allSatisfy { !BidirectionalControls.occur(in: $0.name ?? "") })
    }

    /// An API key's name, typed by the client, is refused with InvalidParameter and no key made.
    @Test(arguments: StoreKind.allCases) func anAPIKeyNameWithAControlIsRefused(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let anon = try await t.loggedIn(.anonymous)
        for scalar in Self.controls {
            let refused = await t.call(.post, Route.apiKeys, json: ["name": .string("laptop\(Character(scalar))")], bearer: anon.refreshToken)
            #expect(refused.status == 400 && refused.errorCode == "InvalidParameter", "U+\(String(scalar.value, radix: 16))")
        }
        let escape = await t.call(.post, Route.apiKeys, json: ["name": "laptop\u{1B}[2J"], bearer: anon.refreshToken)
        #expect(escape.status == 400 && escape.errorCode == "InvalidParameter")
        #expect(try await t.call(.get, Route.apiKeys, bearer: anon.refreshToken).decoded([APIKeyResponse].self).isEmpty)
    }

    /// An email address, typed by the client, is refused at registration.
    @Test func anEmailWithAControlIsRefused() async throws {
        let t = try await TestServer.make()
        let refused = await t.register("ann\u{202E}@example.com", "secret-12")
        #expect(refused.status == 400 && refused.errorCode == "BadRequest")
        #expect(try await t.userCount() == 0)
    }

    /// A device's client and terminal names, typed by the terminal, are refused at the start.
    @Test func aDeviceNameWithAControlIsRefused() async throws {
        let t = try await TestServer.make()
        let refused = await t.deviceStart(["client": "roster", "terminal": "lab\u{202E}3"])
        #expect(refused.status == 400 && refused.errorCode == "InvalidParameter")
    }
}
