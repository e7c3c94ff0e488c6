import Foundation
import Testing

@testable import RosterWire

@Suite("Wire bodies use the protocol's field names")
struct WireBodyTests {
    @Test func loginResponseFieldNames() throws {
        let text = #"{"access_token":"a.b.c","refresh_token":"d.e.f","user_id":"u1","device_id":"d1"}"#
        let response = try WireCoding.decode(LoginResponse.self, from: Data(text.utf8))
        #expect(response == LoginResponse(accessToken: "a.b.c", refreshToken: "d.e.f", userId: "u1", deviceId: "d1"))
        #expect(String(decoding: try WireCoding.encode(response), as: UTF8.self)
            == #"{"access_token":"a.b.c","device_id":"d1","refresh_token":"d.e.f","user_id":"u1"}"#)
    }

    @Test func profileResponseWithDefaults() throws {
        let text = #"{"user_id":"u1","identities":[{"id":"x","provider_type":"anon-user"}],"data":{"name":"Zoë"},"type":"normal"}"#
        let profile = try WireCoding.decode(ProfileResponse.self, from: Data(text.utf8))
        #expect(profile.identities.first?.provider == .anonymous)
        #expect(profile.data["name"] == .string("Zoë"))
        let minimal = try WireCoding.decode(ProfileResponse.self, from: Data(#"{"user_id":"u2"}"#.utf8))
        #expect(minimal.identities.isEmpty && minimal.type == .normal)
    }

    @Test func aProfileTypeIsReadOnceAsAUserType() throws {
        let server = try WireCoding.decode(ProfileResponse.self, from: Data(#"{"user_id":"u1","type":"server"}"#.utf8))
        #expect(server.type == .server)
        #expect(String(decoding: try WireCoding.encode(server), as: UTF8.self).contains(#""type":"server""#))
        #expect(throws: DecodingError.self) { try WireCoding.decode(ProfileResponse.self, from: Data(#"{"user_id":"u1","type":"robot"}"#.utf8)) }
        #expect(UserType(identities: [Identity(id: "k1", provider: .apiKey)]) == .server)
        #expect(UserType(identities: [Identity(id: "e1", provider: .emailPassword), Identity(id: "a1", provider: .anonymous)]) == .normal)
    }

    @Test func errorResponseShape() throws {
        let error = ErrorResponse(.invalidSession, "invalid session")
        let text = String(decoding: try WireCoding.encode(error), as: UTF8.self)
        #expect(text == #"{"error":"invalid session","error_code":"InvalidSession","link":""}"#)
        #expect(try WireCoding.decode(ErrorResponse.self, from: Data(text.utf8)).code == .invalidSession)
        let foreign = try WireCoding.decode(ErrorResponse.self, from: Data(#"{"error":"x","error_code":"SomethingNew"}"#.utf8))
        #expect(foreign.code == nil && foreign.errorCode == "SomethingNew")
    }

    @Test func errorStatuses() {
        #expect(ErrorCode.invalidSession.httpStatus == 401)
        #expect(ErrorCode.invalidPassword.httpStatus == 401)
        #expect(ErrorCode.accountNameInUse.httpStatus == 409)
        #expect(ErrorCode.apiKeyNotFound.httpStatus == 404)
        #expect(ErrorCode.tooManyRequests.httpStatus == 429)
        #expect(ErrorCode.internalServerError.httpStatus == 500)
        #expect(ErrorCode.serviceUnavailable.httpStatus == 503)
        for code in ErrorCode.allCases where code != .internalServerError && code != .serviceUnavailable {
            #expect((400..<500).contains(code.httpStatus), "\(code) should be a client error")
        }
    }

    @Test func apiKeyUsesUnderscoreId() throws {
        let key = APIKeyResponse(id: "k1", key: "secret", name: "ci", disabled: false)
        let text = String(decoding: try WireCoding.encode(key), as: UTF8.self)
        #expect(text == #"{"_id":"k1","disabled":false,"key":"secret","name":"ci"}"#)
        let listed = try WireCoding.decode(APIKeyResponse.self, from: Data(#"{"_id":"k1","name":"ci","disabled":true}"#.utf8))
        #expect(listed.key == nil && listed.disabled)
    }

    @Test func providerBodies() throws {
        #expect(String(decoding: try WireCoding.encode(EmailPasswordLogin(username: "e", password: "p")), as: UTF8.self)
            == #"{"password":"p","username":"e"}"#)
        #expect(String(decoding: try WireCoding.encode(GoogleLogin(idToken: "t")), as: UTF8.self) == #"{"id_token":"t"}"#)
        #expect(String(decoding: try WireCoding.encode(AppleLogin(idToken: "t")), as: UTF8.self) == #"{"id_token":"t"}"#)
        #expect(String(decoding: try WireCoding.encode(FacebookLogin(accessToken: "t")), as: UTF8.self) == #"{"accessToken":"t"}"#)
        let location = LocationResponse(hostname: "http://127.0.0.1:9090", wsHostname: "ws://127.0.0.1:9090")
        let text = String(decoding: try WireCoding.encode(location), as: UTF8.self)
        #expect(text.contains(#""deployment_model":"GLOBAL""#) && text.contains(#""ws_hostname""#))
    }

    @Test func routes() {
        #expect(Route.login(appId: "roster-demo", provider: .emailPassword)
            == "/api/client/v2.0/app/roster-demo/auth/providers/local-userpass/login")
        #expect(Route.emailPassword(appId: "a", .confirmSend) == "/api/client/v2.0/app/a/auth/providers/local-userpass/confirm/send")
        #expect(Route.session == "/api/client/v2.0/auth/session")
        #expect(Route.disableAPIKey("k") == "/api/client/v2.0/auth/api_keys/k/disable")
        #expect(Route.location(appId: "a") == "/api/client/v2.0/app/a/location")
        #expect(Route.functionCall(appId: "a") == "/api/client/v2.0/app/a/functions/call")
    }

    @Test func requestTargetEncodesQuery() {
        let request = WireRequest(method: .post, path: "/p", query: ["link": "true", "a b": "c&d"])
        #expect(request.target == "/p?a%20b=c%26d&link=true")
    }
}
