import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPages
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Device log-in over real HTTP on a loopback port: a terminal starts, a person opens the
/// verification URL, signs in as a demo user and approves, and the terminal's poll logs in.
@Suite struct DeviceLoginEndToEndTests {
    func send(_ method: String, _ url: String, json: String? = nil, bearer: String? = nil) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        request.httpBody = json.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, data)
    }

    @Test(arguments: StoreKind.allCases) func aTerminalLogsInAsEmmaApprovedFromAnotherDevice(_ kind: StoreKind) async throws {
        var config = try AppConfig.demo()
        config.passwordHashing = PasswordHashingConfig(logN: 10, r: 8, p: 1)
        let t = try await TestServer.make(config, store: kind)
        try await t.server.seedDemoUsers(appId: t.appId)
        let (port, serving) = try await serveOnLoopback(t.server)
        defer { serving.cancel() }
        let base = "http://127.0.0.1:\(port)"
        let device = "\(base)\(Route.app(t.appId))/auth/device"

        let (status, body) = try await send("POST", "\(device)/start", json: #"{"client": "roster", "terminal": "lab-3"}"#)
        #expect(status == 200)
        let started = try JSONDecoder().decode(DeviceStarted.self, from: body)
        #expect(started.verificationUri == "\(base)/device")
        let poll = #"{"device_code": "\#(started.deviceCode)"}"#
        let (pendingStatus, pending) = try await send("POST", "\(device)/poll", json: poll)
        #expect(pendingStatus == 400 && String(decoding: pending, as: UTF8.self).contains("authorization_pending"))

        // The person follows the complete URL on their phone.
        let page = DevicePageClient(base: base)
        let complete = try #require(URLComponents(string: started.verificationUriComplete))
        try await page.open(code: complete.queryItems?.first { $0.name == "code" }?.value)
        #expect(page.status == 200 && page.html.contains(#"value="\#(started.userCode)""#))
        try await page.post(["action": "code", "code": started.userCode])
        #expect(page.status == 200 && page.html.contains("roster on lab-3"))
        try await page.post(["action": "signin", "email": "emma@example.com", "password": "pa55word"])
        #expect(page.status == 200 && page.html.contains("emma@example.com"), "\(page.html)")
        try await page.post(["action": "approve"])
        #expect(page.status == 200 && page.html.contains("Approved"))

        t.clock.advance(by: 5)
        let (loginStatus, loginBody) = try await send("POST", "\(device)/poll", json: poll)
        #expect(loginStatus == 200)
        let login = try WireCoding.decode(LoginResponse.self, from: loginBody)
        #expect(try JSONValue(parsing: loginBody)["provider_type"] == "local-userpass")
        let (profileStatus, profileBody) = try await send("GET", base + Route.profile, bearer: login.accessToken)
        #expect(profileStatus == 200)
        let profile = try WireCoding.decode(ProfileResponse.self, from: profileBody)
        #expect(profile.data["email"] == "emma@example.com" && profile.userId == login.userId)
        t.clock.advance(by: 5)
        let (againStatus, again) = try await send("POST", "\(device)/poll", json: poll)
        #expect(againStatus == 400 && String(decoding: again, as: UTF8.self).contains("invalid_grant"))
    }
}
