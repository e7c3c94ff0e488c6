import Foundation
import IdentityProviderStandIn
import RosterWire
import Testing

/// Every provider through the switcher's log-in form in a real terminal, against a real
/// `roster-server` whose app enables them all, with Google, Apple and Facebook played by a local
/// stand-in: what a person pastes goes in, and the user it logs in appears in the list.
extension EndToEndTests {
    @Suite("log-in form for every provider under tmux")
    struct ProviderFormTests {
        static let appId = "roster-e2e"
        static let jwtSecret = "roster-e2e-custom-jwt-secret-0123456789-abcdef"

        /// An app with every provider on, Google, Apple and Facebook pointed at `standIn`.
        static func appConfig(standIn: IdentityProviderStandIn, functionScript: URL) -> JSONValue {
            [
                "appId": .string(appId),
                "passwordHashing": ["logN": 10, "r": 8, "p": 1],
                "providers": [
                    "anon-user": ["enabled": true],
                    "local-userpass": ["enabled": true, "autoConfirm": true],
                    "api-key": ["enabled": true],
                    "custom-token": [
                        "audience": .string(appId),
                        "keys": [["kid": "e2e", "algorithm": "HS256", "secret": .string(jwtSecret)]],
                        "metadataFields": [["name": "name"]],
                    ],
                    "custom-function": ["command": ["/bin/sh", .string(functionScript.path)], "timeoutSeconds": 5],
                    "oauth2-google": [
                        "clientId": .string(IdentityProviderStandIn.clientId), "jwksURL": .string(standIn.jwksURL),
                        "tokenEndpoint": .string(standIn.tokenEndpoint), "clientSecret": .string(IdentityProviderStandIn.clientSecret),
                    ],
                    "oauth2-apple": ["clientId": .string(IdentityProviderStandIn.clientId), "jwksURL": .string(standIn.jwksURL)],
                    "oauth2-facebook": [
                        "appId": .string(IdentityProviderStandIn.facebookAppId),
                        "appSecret": .string(IdentityProviderStandIn.facebookAppSecret), "graphURL": .string(standIn.baseURL),
                    ],
                ],
                "customUserData": ["database": "my_database", "collection": "users", "userIdField": "userId"],
            ]
        }

        @Test func eachProviderLogsInThroughTheForm() async throws {
            let home = try CommandRunner.temporaryDirectory("provider-form")
            defer { try? FileManager.default.removeItem(at: home) }
            let standIn = try await IdentityProviderStandIn.start()
            defer { standIn.stop() }

            let script = home.appendingPathComponent("kiosk-auth.sh")
            try Data("""
                case "$(cat)" in
                  *'"pin":"1234"'*) printf '{"id": "kiosk-ada", "name": "Ada"}' ;;
                  *) printf '{"error": "unknown PIN"}' ;;
                esac
                """.utf8).write(to: script)
            let config = home.appendingPathComponent("app.json")
            try Data(Self.appConfig(standIn: standIn, functionScript: script).compactText.utf8).write(to: config)
            let database = home.appendingPathComponent("server/server.sqlite")
            try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
            let server = try ServerProcess(database: database.path, home: home, config: config)
            defer { server.stop() }
            let runner = CommandRunner(
                home: home.appendingPathComponent("client"), extra: ["ROSTER_SERVER_URL": server.baseURL, "ROSTER_APP_ID": Self.appId])

            // What each person pastes, made the way their provider would make it.
            let google = try await standIn.idToken(IdentityProviderStandIn.claims(subject: "g-grace", extra: ["name": "Grace Hopper"]))
            await standIn.state.issue(
                code: "4/0Acode-grace", idToken: try await standIn.idToken(IdentityProviderStandIn.claims(subject: "g-grace")))
            let apple = try await standIn.idToken(
                IdentityProviderStandIn.claims(subject: "001.apple-ann", issuer: "https://appleid.apple.com", extra: ["name": "Ann Apple"]))
            await standIn.state.issueFacebookToken("EAAB-flo", profile: ["id": "f-flo", "name": "Flo Facebook"])
            let expired = try await standIn.idToken(IdentityProviderStandIn.claims(subject: "g-late", lifetime: -60))
            let jwt = try runner.rosterServer([
                "admin", "--db", database.path, "--config", config.path, "mint-jwt", "--sub", "ext-jay", "--name", "Jay Token",
            ])
            #expect(jwt.status == 0, "mint-jwt: \(jwt.stderr)")

            try await onThread {
                let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
                try session.waitFor("No users yet.")

                /// Opens the form, picks choice `number`, pastes `secret` and submits.
                func logIn(choice number: Int, _ secret: String, expecting: String) throws {
                    try session.send("n")
                    try session.waitFor("Space or 1-9 to change")
                    try session.send("\(number)")
                    try session.send("Tab", literal: false)
                    if !secret.isEmpty { try session.send(secret) }
                    try session.send("Enter", literal: false)
                    try session.waitFor(expecting)
                }

                // Email and password, registering a new account: three fields.
                try session.send("n")
                try session.waitFor("Space or 1-9 to change")
                for keys in ["2", "Tab", "eve@example.com", "Tab", "correct-horse-1", "Tab", " ", "Enter"] {
                    try session.send(keys, literal: keys != "Tab" && keys != "Enter")
                }
                try session.waitFor("Registered and logged in eve@example.com")

                try logIn(choice: 1, "", expecting: "Logged in anonymous user")
                try logIn(choice: 4, jwt.stdout.trimmingCharacters(in: .whitespacesAndNewlines), expecting: "Logged in Jay Token")
                try logIn(choice: 5, #"{"pin": "1234"}"#, expecting: "Logged in Ada")
                try logIn(choice: 6, google, expecting: "Logged in Grace Hopper")
                try logIn(choice: 8, apple, expecting: "Logged in Ann Apple")
                // The auth code logs in the same Google user again.
                try logIn(choice: 7, "4/0Acode-grace", expecting: "Logged in Grace Hopper")
                try logIn(choice: 9, "EAAB-flo", expecting: "Logged in Flo Facebook")

                // Refusals show in words and leave the form open with what was typed.
                func cancel() throws {
                    try session.send("Escape", literal: false)
                    try session.waitFor("Log-in cancelled")
                }
                try logIn(choice: 6, expired, expecting: "the Google ID token has expired")
                try cancel()
                try logIn(choice: 7, "4/0Acode-grace", expecting: "Google refused the auth code: invalid_grant")
                try cancel()
                try logIn(choice: 9, "EAAB-nobody", expecting: "the Facebook access token is not valid")
                try cancel()

                let list = try session.capture()
                for (name, provider) in [
                    ("Grace Hopper", "google"), ("Ann Apple", "apple"), ("Flo Facebook", "facebook"), ("Jay Token", "jwt"),
                    ("Ada", "function"),
                ] {
                    #expect(list.split(separator: "\n").contains { $0.contains(name) && $0.contains(provider) }, "\(name):\n\(list)")
                }
                try session.send("q")
                let after = try session.waitFor("[end]")
                #expect(after.contains("[exited 0]"))
                // Nothing pasted stays on the terminal once the switcher is gone.
                for secret in [google, apple, "EAAB-flo", "4/0Acode-grace", expired] {
                    #expect(!after.contains(secret.prefix(40)), "a pasted secret is left on the terminal:\n\(after)")
                }
            }

            // The API key: made for Eve by the CLI, pasted into the form, logs Eve in.
            let users = try runner.users()
            #expect(users.count == 7, "\(users)")
            let eve = try #require(users.first { $0.email == "eve@example.com" })
            let created = try runner.roster(["api-keys", "create", "kiosk", "--user", eve.id])
            #expect(created.status == 0, "api-keys create: \(created.stderr)")
            let key = try #require(created.stdout.split(separator: "\n").last.map(String.init))
            try await onThread {
                let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
                try session.waitFor("Flo Facebook")
                try session.send("n")
                try session.waitFor("Space or 1-9 to change")
                try session.send("3")
                try session.send("Tab", literal: false)
                try session.send(key)
                try session.send("Enter", literal: false)
                try session.waitFor("Logged in eve@example.com")
                try session.send("q")
                #expect(try session.waitFor("[end]").contains("[exited 0]"))
            }
            #expect(try runner.users().count == 7)
        }

        /// Runs blocking terminal work on its own thread, so the stand-in's handlers (on Swift's
        /// cooperative threads) keep answering the server meanwhile.
        func onThread(_ body: @escaping @Sendable () throws -> Void) async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                Thread {
                    do {
                        try body()
                        continuation.resume()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }.start()
            }
        }
    }
}
