import Foundation
import RosterServer
import RosterServerCore
import RosterWire
import Testing

@testable import RosterCore

/// The email/password account flows and the function provider, through RosterCore against the
/// real server: tokens come from the server's outbox, as a person's mail would bring them.
@Suite("Account flows")
struct AccountFlowsTests {
    /// The messages the server left in its default outbox for the demo app.
    func outbox(_ fixture: Fixture) throws -> [JSONValue] {
        let folder = fixture.temporary.url.appendingPathComponent("outbox").appendingPathComponent(fixture.appId)
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return try files.sorted { $0.lastPathComponent < $1.lastPathComponent }.map { try JSONValue(parsing: Data(contentsOf: $0)) }
    }

    @Test func confirmByTokenThenLogIn() async throws {
        let fixture = try await Fixture.start { config in
            config.providers.emailPassword = EmailPasswordConfig(confirmation: .token)
        }
        let app = try fixture.makeApp()
        try await app.emailPasswordAuth.registerUser(email: "ann@example.com", password: "an0ther-pass")
        let early = await rosterError { try await app.login(credentials: .emailPassword(email: "ann@example.com", password: "an0ther-pass")) }
        #expect(early?.serverCode == .authError)
        #expect(app.allUsers.isEmpty)

        try await app.emailPasswordAuth.resendConfirmationEmail(email: "ann@example.com")
        let messages = try outbox(fixture)
        #expect(messages.count == 2)
        let latest = try #require(messages.last)
        let wrong = await rosterError { try await app.emailPasswordAuth.confirmUser(token: "nope", tokenId: latest["tokenId"]!.stringValue!) }
        #expect(wrong?.serverCode == .badRequest)
        try await app.emailPasswordAuth.confirmUser(token: latest["token"]!.stringValue!, tokenId: latest["tokenId"]!.stringValue!)
        let ann = try await app.login(credentials: .emailPassword(email: "ann@example.com", password: "an0ther-pass"))
        #expect(ann.profile.email == "ann@example.com")
        let again = await rosterError { try await app.emailPasswordAuth.resendConfirmationEmail(email: "ann@example.com") }
        #expect(again?.serverCode == .userAlreadyConfirmed)
    }

    @Test func resetByTokenChangesThePassword() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        try await app.emailPasswordAuth.sendResetPasswordEmail(email: "joe@example.com")
        try await app.emailPasswordAuth.sendResetPasswordEmail(email: "nobody@example.com")
        let message = try #require(try outbox(fixture).first)
        #expect(try outbox(fixture).count == 1)
        #expect(message["to"] == "joe@example.com")
        let short = await rosterError {
            try await app.emailPasswordAuth.resetPassword(to: "short", token: message["token"]!.stringValue!, tokenId: message["tokenId"]!.stringValue!)
        }
        #expect(short?.serverCode == .badRequest)
        try await app.emailPasswordAuth.resetPassword(
            to: "n3w-password", token: message["token"]!.stringValue!, tokenId: message["tokenId"]!.stringValue!)
        let old = await rosterError { try await app.login(credentials: Fixture.joe) }
        #expect(old?.serverCode == .invalidPassword)
        let joe = try await app.login(credentials: .emailPassword(email: "joe@example.com", password: "n3w-password"))
        #expect(joe.profile.email == "joe@example.com")
    }

    @Test func theAuthenticationFunctionLogsInAndRefusesInWords() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("roster-core-auth-\(UUID().uuidString).sh")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("""
            #!/bin/sh
            case "$(cat)" in
              *'"badge":"B-7"'*) printf '{"id": "badge-7", "name": "Grace"}' ;;
              *) printf '{"error": "badge not recognised"}' ;;
            esac
            """.utf8).write(to: script)
        // A time limit no loaded machine reaches: this test is about the answers, not the limit.
        let fixture = try await Fixture.start { config in
            config.providers.customFunction = CustomFunctionConfig(function: FunctionConfig(command: ["/bin/sh", script.path], timeoutSeconds: 60))
        }
        let app = try fixture.makeApp()
        let grace = try await app.login(credentials: .function(["badge": "B-7"]))
        #expect(grace.identities.map(\.provider) == [.customFunction])
        #expect(grace.profile.name == "Grace")
        #expect(try await app.login(credentials: .function(["badge": "B-7"])).id == grace.id)
        let refused = await rosterError { try await app.login(credentials: .function(["badge": "X"])) }
        #expect(refused?.serverCode == .authError)
        #expect(refused?.description.contains("badge not recognised") == true)
        #expect(app.allUsers.count == 1)
    }
}
