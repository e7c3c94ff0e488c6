import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// What official App Services clients send and read, exactly: device ids as Extended JSON, link
/// answers shaped like log-in answers, App Services' error texts, log-out of a gone session.
@Suite struct ClientCompatibilityTests {
    /// A log-in body as realm-web and realm-core send it once they hold a device id.
    func deviceOptions(_ deviceId: JSONValue) -> JSONValue {
        ["options": ["device": ["deviceId": deviceId, "appId": "kiosk", "platform": "Linux", "sdkVersion": "2.0.1", "cpuArch": "x86_64"]]]
    }

    // BEHAVIOURS 5
    @Test(arguments: StoreKind.allCases) func aDeviceIdSentBackAsExtendedJSONIsKept(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let first = try await t.loggedIn(.anonymous)
        let again = try await t.loggedIn(.anonymous, deviceOptions(["$oid": .string(first.deviceId)]))
        #expect(again.deviceId == first.deviceId)
        let plain = try await t.loggedIn(.anonymous, deviceOptions(.string(first.deviceId)))
        #expect(plain.deviceId == first.deviceId)
        // What SDKs send before they have one: all zeros, a new id comes back.
        let fresh = try await t.loggedIn(.anonymous, deviceOptions(["$oid": "000000000000000000000000"]))
        #expect(fresh.deviceId != first.deviceId && fresh.deviceId.count == 24)
        // A device id of the wrong shape is a clear error.
        let wrong = await t.login(.anonymous, deviceOptions(["$oid": 42]))
        #expect(wrong.status == 400 && wrong.errorCode == "InvalidParameter")
        #expect(wrong.errorMessage?.contains("options.device.deviceId") == true)
    }

    // BEHAVIOURS 36
    @Test(arguments: StoreKind.allCases) func linkingAnswersTheUserIdAndDeviceIdAsALogInDoes(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let anon = try await t.loggedIn(.anonymous)
        _ = await t.register("lin@example.com", "secret-12")
        let response = await t.call(
            .post, Route.login(appId: t.appId, provider: .emailPassword), json: ["username": "lin@example.com", "password": "secret-12"],
            bearer: anon.accessToken, query: ["link": "true"])
        #expect(response.status == 200)
        let json = try #require(response.json)
        #expect(json["user_id"] == .string(anon.userId))
        #expect(json["device_id"] == .string(anon.deviceId))
        #expect(json["refresh_token"] == nil, "the session stays the same")
        #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: try #require(json["access_token"]?.stringValue)).sub == anon.userId)
    }

    // BEHAVIOURS 9
    @Test(arguments: StoreKind.allCases) func aWrongPasswordAndAnUnknownEmailAreUnauthorized(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("pat@example.com", "secret-12")
        for response in [await t.emailLogin("pat@example.com", "wrong-pass"), await t.emailLogin("nobody@example.com", "secret-12")] {
            #expect(response.status == 401)
            #expect(response.errorCode == "InvalidPassword")
            #expect(response.errorMessage == "unauthorized")
        }
    }

    // BEHAVIOURS 19, 27
    @Test(arguments: StoreKind.allCases) func aRefreshTokenWhoseSessionIsGoneSaysSoInAppServicesWords(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        #expect(await t.call(.delete, Route.session, bearer: login.refreshToken).status == 204)
        let refresh = await t.call(.post, Route.session, bearer: login.refreshToken)
        #expect(refresh.status == 401 && refresh.errorCode == "InvalidSession")
        #expect(refresh.errorMessage == "invalid session: failed to find refresh token")
        // Logging out again, as SDKs do after deleting an account, is a success.
        #expect(await t.call(.delete, Route.session, bearer: login.refreshToken).status == 204)
    }

    // BEHAVIOURS 38
    @Test(arguments: StoreKind.allCases) func loggingOutAfterDeletingTheAccountSucceeds(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        #expect(await t.call(.delete, Route.delete, bearer: login.accessToken).status == 204)
        #expect(await t.call(.delete, Route.session, bearer: login.refreshToken).status == 204)
        let refresh = await t.call(.post, Route.session, bearer: login.refreshToken)
        #expect(refresh.errorMessage == "invalid session: failed to find refresh token")
    }

    @Test(arguments: StoreKind.allCases) func forgedAndExpiredRefreshTokensKeepTheirOwnTexts(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let login = try await t.loggedIn(.anonymous)
        let parts = login.refreshToken.split(separator: ".")
        let forged = "\(parts[0]).\(parts[1]).\(String(parts[2].reversed()))"
        let refused = await t.call(.post, Route.session, bearer: forged)
        #expect(refused.status == 401 && refused.errorMessage == "signature is invalid")
        // A forged token does not log anyone out.
        #expect(await t.call(.delete, Route.session, bearer: forged).status == 401)
        #expect(await t.call(.post, Route.session, bearer: login.refreshToken).status == 200)
        t.clock.advance(by: 3600 * 24 + 1)
        let expired = await t.call(.post, Route.session, bearer: login.refreshToken)
        #expect(expired.status == 401 && expired.errorMessage == "expired refresh token")
        // Logging out with it ends what is left of the session, and succeeds.
        #expect(await t.call(.delete, Route.session, bearer: login.refreshToken).status == 204)
    }

    @Test(arguments: StoreKind.allCases) func aRouteThatNeedsATokenSaysMustAuthenticateFirst(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        for response in [await t.call(.get, Route.profile), await t.call(.post, Route.session), await t.call(.get, Route.apiKeys)] {
            #expect(response.status == 401 && response.errorCode == "InvalidSession")
            #expect(response.errorMessage == "must authenticate first")
        }
    }

    @Test(arguments: StoreKind.allCases) func accountFlowsUseAppServicesTexts(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        #expect(await t.register("acc@example.com", "secret-12").status == 201)
        let taken = await t.register("acc@example.com", "secret-12")
        #expect(taken.errorCode == "AccountNameInUse" && taken.errorMessage == "name already in use")
        let retry = await t.emailRoute(.confirmCall, ["email": "acc@example.com"])
        #expect(retry.status == 400)
        #expect(retry.errorMessage == "cannot run confirmation for acc@example.com: automatic confirmation is enabled")
        let unknown = await t.emailRoute(.confirmSend, ["email": "nobody@example.com"])
        #expect(unknown.errorCode == "UserNotFound" && unknown.errorMessage == "user not found")
        let badToken = await t.emailRoute(.reset, ["token": "nope", "tokenId": "000000000000000000000000", "password": "another-12"])
        #expect(badToken.errorCode == "BadRequest" && badToken.errorMessage == "invalid token data")
    }

    @Test(arguments: StoreKind.allCases) func anotherUsersAPIKeyIsNotFound(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let bob = try await t.loggedIn(.anonymous)
        let key = try #require(await t.call(.post, Route.apiKeys, json: ["name": "k"], bearer: ann.refreshToken).json?["_id"]?.stringValue)
        let response = await t.call(.get, "\(Route.apiKeys)/\(key)", bearer: bob.refreshToken)
        #expect(response.status == 404 && response.errorCode == "APIKeyNotFound" && response.errorMessage == "API key not found")
    }
}
