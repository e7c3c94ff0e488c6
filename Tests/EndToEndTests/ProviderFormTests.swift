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
        static func appConfig(standIn: IdentityProviderStandIn, functionScript: URL, confirmation: String = "auto") -> JSONValue {
            [
                "appId": .string(appId),
                "passwordHashing": ["logN": 10, "r": 8, "p": 1],
                "providers": [
                    "anon-user": ["enabled": true],
                    "local-userpass": ["enabled": true, "confirmation": .string(confirmation)],
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

        /// A `roster-server` serving that app, the stand-in, and a client pointed at them.
        struct Setup {
            let home: URL
            let standIn: IdentityProviderStandIn
            let server: ServerProcess
            let runner: CommandRunner
            let database: URL
            let config: URL

            /// The server's outbox: confirmation and reset messages, one JSON file each.
            var outbox: URL { database.deletingLastPathComponent().appendingPathComponent("outbox/\(ProviderFormTests.appId)") }

            static func start(_ name: String, confirmation: String = "auto") async throws -> Setup {
                let home = try CommandRunner.temporaryDirectory(name)
                let standIn = try await IdentityProviderStandIn.start()
                let script = home.appendingPathComponent("kiosk-auth.sh")
                try Data("""
                    case "$(cat)" in
                      *'"pin":"1234"'*) printf '{"id": "kiosk-ada", "name": "Ada"}' ;;
                      *) printf '{"error": "unknown PIN"}' ;;
                    esac
                    """.utf8).write(to: script)
                let config = home.appendingPathComponent("app.json")
                try Data(ProviderFormTests.appConfig(standIn: standIn, functionScript: script, confirmation: confirmation).compactText.utf8)
                    .write(to: config)
                let database = home.appendingPathComponent("server/server.sqlite")
                try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
                let server = try ServerProcess(database: database.path, home: home, config: config)
                let runner = CommandRunner(
                    home: home.appendingPathComponent("client"),
                    extra: ["ROSTER_SERVER_URL": server.baseURL, "ROSTER_APP_ID": ProviderFormTests.appId])
                return Setup(home: home, standIn: standIn, server: server, runner: runner, database: database, config: config)
            }

            func stop() {
                server.stop()
                standIn.stop()
                try? FileManager.default.removeItem(at: home)
            }
        }

        @Test func eachProviderLogsInThroughTheForm() async throws {
            let setup = try await Setup.start("provider-form")
            defer { setup.stop() }
            let (standIn, runner, database, config) = (setup.standIn, setup.runner, setup.database, setup.config)

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
                    try session.send("BTab", literal: false)
                    try session.waitFor("Space or 1-9 to change")
                    try session.send("\(number)")
                    try session.send("Tab", literal: false)
                    if !secret.isEmpty { try session.send(secret) }
                    try session.send("Enter", literal: false)
                    try session.waitFor(expecting)
                }

                // Email and password, registering a new account: three fields.
                try session.send("n")
                try session.send("BTab", literal: false)
                try session.waitFor("Space or 1-9 to change")
                for keys in ["2", "Tab", "eve@example.com", "Tab", "correct-horse-1", "Tab", " ", "Tab", "correct-horse-1", "Enter"] {
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
                    ("Grace Hopper", "google"), ("Ann Apple", "apple"), ("Flo Facebook", "facebook"), ("Jay Token", "custom-token"),
                    ("Ada", "custom-function"),
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

            // The API key: made for Eve on the keys screen, read off it, pasted into the form.
            #expect(try runner.users().count == 7)
            try await onThread {
                let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
                try session.waitFor("Flo Facebook")
                for keys in ["/", "eve", "Enter", "a"] { try session.send(keys, literal: keys != "Enter") }
                try session.waitFor("No API keys yet. Press n to make one.")
                try session.send("n")
                try session.send("kiosk")
                try session.send("Enter", literal: false)
                let shown = try session.waitFor("It logs in as eve@example.com").split(separator: "\n").map(String.init)
                let start = try #require(shown.firstIndex { $0.contains("New API key 'kiosk'") })
                let end = try #require(shown.firstIndex { $0.contains("It logs in as") })
                let key = shown[(start + 1)..<end]
                    .map { $0.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces) }.joined()
                #expect(key.count >= 32, "\(shown.joined(separator: "\n"))")
                try session.send("x")
                try session.waitFor("The new key is no longer shown")
                try session.send("Escape", literal: false)
                try session.waitFor("Enter switch")
                try session.send("n")
                try session.send("BTab", literal: false)
                try session.waitFor("Space or 1-9 to change")
                try session.send("3")
                try session.send("Tab", literal: false)
                try session.send(key)
                try session.send("Enter", literal: false)
                try session.waitFor("Logged in eve@example.com")
                try session.send("q")
                let after = try session.waitFor("[end]")
                #expect(after.contains("[exited 0]"))
                #expect(!after.contains(key), "the key is left on the terminal:\n\(after)")
            }
            #expect(try runner.users().count == 7)
        }

        // BEHAVIOURS 36, 37
        @Test func theCommandLineReadsEachProvidersSecretFromStdinAndLinks() async throws {
            let setup = try await Setup.start("provider-cli")
            defer { setup.stop() }
            let (standIn, runner) = (setup.standIn, setup.runner)
            let google = try await standIn.idToken(IdentityProviderStandIn.claims(subject: "g-grace", extra: ["name": "Grace Hopper"]))
            await standIn.state.issue(code: "4/0Acode", idToken: google)
            let apple = try await standIn.idToken(IdentityProviderStandIn.claims(subject: "a-ann", issuer: "https://appleid.apple.com"))
            await standIn.state.issueFacebookToken("EAAB-flo", profile: ["id": "f-flo", "name": "Flo"])
            await standIn.state.issueFacebookToken("EAAB-kim", profile: ["id": "f-kim", "name": "Kim"])
            let expired = try await standIn.idToken(IdentityProviderStandIn.claims(subject: "g-late", lifetime: -60))

            let grace = try runner.roster(["login", "--google-id-token-stdin"], stdin: google + "\n")
            #expect(grace.status == 0 && grace.stdout.contains("Logged in Grace Hopper"), "\(grace.stderr)")
            let viaCode = try runner.roster(["login", "--google-auth-code-stdin"], stdin: "4/0Acode\n")
            #expect(viaCode.status == 0 && viaCode.stdout.contains("Logged in Grace Hopper"), "\(viaCode.stderr)")
            #expect(try runner.roster(["login", "--apple-id-token-stdin"], stdin: apple).status == 0)
            let flo = try runner.roster(["login", "--facebook-token-stdin"], stdin: "EAAB-flo\n")
            #expect(flo.status == 0 && flo.stdout.contains("Logged in Flo"), "\(flo.stderr)")
            #expect(try runner.users().map(\.providers).sorted { $0.description < $1.description } == [["oauth2-apple"], ["oauth2-facebook"], ["oauth2-google"]])

            let late = try runner.roster(["login", "--google-id-token-stdin"], stdin: expired)
            #expect(late.status == 1 && late.stderr.contains("the Google ID token has expired"), "\(late.stderr)")
            #expect(!late.stderr.contains(expired) && !late.stdout.contains(expired))
            let empty = try runner.roster(["login", "--facebook-token-stdin"], stdin: "\n")
            #expect(empty.status == 1 && empty.stderr.contains("no Facebook access token on stdin"), "\(empty.stderr)")
            #expect(try runner.roster(["login", "--apple-id-token-stdin", "--jwt-stdin"], stdin: apple).status == 2)
            #expect(try runner.users().count == 3)

            // An anonymous user linked to Facebook is kept through log-out and logs in again as itself.
            let anonymous = try runner.roster(["login", "--anonymous"])
            #expect(anonymous.status == 0)
            #expect(try runner.roster(["link", "--anonymous"]).status == 2)
            let linked = try runner.roster(["link", "--facebook-token-stdin"], stdin: "EAAB-kim\n")
            #expect(linked.status == 0 && linked.stdout.contains("Linked facebook log-in to anonymous user"), "\(linked.stderr)")
            let taken = try runner.roster(["link", "--facebook-token-stdin"], stdin: "EAAB-flo\n")
            #expect(taken.status == 1 && taken.stderr.contains("already belong to another user"), "\(taken.stderr)")
            let kept = try #require(try runner.users().first { $0.current })
            #expect(Set(kept.providers) == ["anon-user", "oauth2-facebook"], "\(kept.providers)")
            #expect(try runner.roster(["logout"]).status == 0)
            #expect(try runner.users().first { $0.id == kept.id }?.state == "loggedOut")
            #expect(try runner.roster(["link", "--user", kept.id, "--facebook-token-stdin"], stdin: "EAAB-kim\n").status == 1)
            let again = try runner.roster(["login", "--facebook-token-stdin"], stdin: "EAAB-kim\n")
            #expect(again.status == 0 && again.stdout.contains(kept.id), "\(again.stderr)")

            // The app's configuration holds secrets: readable by others, the server says so.
            let admin = ["admin", "--db", setup.database.path, "--config", setup.config.path, "users"]
            let loose = try runner.rosterServer(admin)
            #expect(loose.status == 0 && loose.stderr.contains("holds secrets and others can read it"), "\(loose.stderr)")
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: setup.config.path)
            let tight = try runner.rosterServer(admin)
            #expect(tight.status == 0 && !tight.stderr.contains("warning"), "\(tight.stderr)")
        }

        // BEHAVIOURS 36
        @Test func anAnonymousUserConfirmsAnEmailAndLinksItThroughTheSwitcher() async throws {
            let setup = try await Setup.start("confirm-link", confirmation: "token")
            defer { setup.stop() }
            let (runner, outbox) = (setup.runner, setup.outbox)
            try await onThread {
                let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
                try session.waitFor("No users yet.")
                func press(_ keys: [String]) throws {
                    for key in keys { try session.send(key, literal: !["Tab", "Enter", "Escape"].contains(key)) }
                }
                try press(["n"])
                try session.send("BTab", literal: false)
                try session.waitFor("Space or 1-9 to change")
                try press(["1", "Enter"])
                try session.waitFor("Logged in anonymous user")

                // Registering through the linking form leaves the email waiting for confirmation.
                try press(["l"])
                try session.waitFor("Link another log-in to anonymous user")
                try press(["zoe@example.com", "Tab", "zoe-secret-1", "Tab", " ", "Tab", "zoe-secret-1", "Enter"])
                try session.waitFor("error: confirmation required")
                try press(["Escape"])
                try session.waitFor("Linking to anonymous user")

                let files = try FileManager.default.contentsOfDirectory(at: outbox, includingPropertiesForKeys: nil)
                let message = try JSONValue(parsing: Data(contentsOf: try #require(files.first)))
                #expect(message["kind"] == "confirm" && message["to"] == "zoe@example.com")
                try press(["p"])
                try session.waitFor("< send a password reset message >")
                try press([" ", " ", "Tab", try #require(message["tokenId"]?.stringValue), "Tab", try #require(message["token"]?.stringValue), "Enter"])
                try session.waitFor("Email confirmed; it can log in now")

                try press(["l"])
                try session.waitFor("Link another log-in to anonymous user")
                try press(["zoe@example.com", "Tab", "zoe-secret-1", "Enter"])
                try session.waitFor("Linked email/password log-in to anonymous user")
                try press(["o"])
                try session.waitFor("Logged out zoe@example.com")
                try press(["q"])
                #expect(try session.waitFor("[end]").contains("[exited 0]"))
            }
            // Kept through log-out, and the email logs the same user in again.
            let kept = try #require(try runner.users().first)
            #expect(try runner.users().count == 1 && kept.state == "loggedOut" && Set(kept.providers) == ["anon-user", "local-userpass"])
            let again = try runner.roster(["login", "--email", "zoe@example.com", "--password-stdin"], stdin: "zoe-secret-1\n")
            #expect(again.status == 0 && again.stdout.contains(kept.id), "\(again.stderr)")
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
