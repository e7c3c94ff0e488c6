import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPages

/// Device log-in as a terminal and a person would do it, against a `TestServer`.
extension TestServer {
    static let devicePath = "/auth/device"

    func deviceStart(_ body: JSONValue = [:], bearer: String? = nil, appId: String? = nil) async -> WireResponse {
        await call(.post, "\(Route.app(appId ?? self.appId))\(Self.devicePath)/start", json: body, bearer: bearer)
    }

    func started(_ body: JSONValue = ["client": "roster", "terminal": "lab-3"], bearer: String? = nil) async throws -> DeviceStarted {
        let response = await deviceStart(body, bearer: bearer)
        guard response.status == 200 else { throw Unexpected(response: response) }
        return try response.decoded(DeviceStarted.self)
    }

    func devicePoll(_ deviceCode: String) async -> WireResponse {
        await call(.post, "\(Route.app(appId))\(Self.devicePath)/poll", json: ["device_code": .string(deviceCode)])
    }

    /// Live sessions of the app: a refusal must leave this as it was.
    func liveSessionCount() async throws -> Int {
        try await server.services.health.liveSessions()[appId] ?? 0
    }

    /// A second handle on the server's store.
    func storeHandle(_ kind: StoreKind) async throws -> any ServerStore {
        try await kind.open(databasePath)
    }

    /// The person approves `userCode` on the page, signed in by email and password.
    func approveOnPage(_ userCode: String, email: String, password: String, page: DevicePageClient? = nil) async throws {
        let page = page ?? DevicePageClient(self)
        try await page.open(code: userCode)
        try await page.post(["action": "code", "code": userCode])
        #expect(page.status == 200, "\(page.html)")
        try await page.post(["action": "signin", "email": email, "password": password])
        #expect(page.status == 200, "\(page.html)")
        try await page.post(["action": "approve"])
        #expect(page.status == 200 && page.html.contains("Approved"), "\(page.html)")
    }

    func denyOnPage(_ userCode: String) async throws {
        let page = DevicePageClient(self)
        try await page.open()
        try await page.post(["action": "code", "code": userCode])
        try await page.post(["action": "deny"])
        #expect(page.html.contains("Denied"))
    }
}

/// The start answer as a terminal reads it.
struct DeviceStarted: Decodable {
    var deviceCode: String
    var userCode: String
    var verificationUri: String
    var verificationUriComplete: String
    var expiresIn: Int
    var interval: Int

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationUri = "verification_uri"
        case verificationUriComplete = "verification_uri_complete"
        case expiresIn = "expires_in"
        case interval
    }
}

extension WireResponse {
    /// The RFC 8628 `error` of a refused poll.
    var grantError: String? {
        guard case .object(let fields)? = json, case .string(let error)? = fields["error"] else { return nil }
        return error
    }
}
