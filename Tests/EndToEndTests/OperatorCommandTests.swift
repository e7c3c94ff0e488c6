import Foundation
import Testing
import ThrowawayPostgres

/// `roster-server admin … create-operator`, `list-operators`, `remove-operator` and
/// `create-operator-api-key` as an operator runs them, on both stores: the password comes on
/// standard input only, bad input is one clear line that changes nothing, and what they make logs
/// in to the Admin API of `serve --admin-listen`, which serves it on its own address alone.
extension EndToEndTests {
    @Suite("roster-server admin operators")
    struct OperatorCommandTests {
        enum Store: String, CaseIterable, CustomTestStringConvertible {
            case sqlite, postgres
            var testDescription: String { rawValue }
        }

        static func database(_ store: Store, home: URL) async throws -> String {
            switch store {
            case .sqlite: home.appendingPathComponent("server.sqlite").path
            case .postgres: try await PostgresCluster.shared.newDatabaseURL()
            }
        }

        @Test(arguments: Store.allCases) func operatorsAreMadeListedKeyedAndRemovedAndBadInputChangesNothing(_ store: Store) async throws {
            let home = try CommandRunner.temporaryDirectory("operators")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let db = try await Self.database(store, home: home)
            func admin(_ arguments: [String], stdin: String? = nil) throws -> CommandRunner.Result {
                try runner.rosterServer(["admin", "--db", db] + arguments, stdin: stdin)
            }

            let made = try admin(["create-operator", "Ops@Example.com", "--password-stdin"], stdin: "long-secret-1\n")
            #expect(made.status == 0, "\(made.stderr)")
            let words = made.stdout.split(separator: " ").map(String.init)
            #expect(words.count == 3 && words[1] == "group", "\(made.stdout)")
            let (operatorId, groupId) = (words[0], words[2].trimmingCharacters(in: .whitespacesAndNewlines))
            let listed = try admin(["list-operators"]).stdout
            #expect(listed.contains(operatorId) && listed.contains("ops@example.com") && listed.contains("group \(groupId)"), "\(listed)")

            // Bad input: one line saying what to do, a failure, and nothing made or removed.
            let refusals: [([String], String?, String)] = [
                (["create-operator", "two@example.com"], nil, "--password-stdin is required"),
                (["create-operator", "two@example.com", "--password", "long-secret-2"], nil, "--password"),
                (["create-operator", "two@example.com", "--password-stdin"], "", "no password on standard input"),
                (["create-operator", "two@example.com", "--password-stdin"], "short\n", "8 to 128 characters"),
                (["create-operator", "ops@example.com", "--password-stdin"], "long-secret-2\n", "already an operator ops@example.com"),
                (["create-operator", "not-an-email", "--password-stdin"], "long-secret-2\n", "is not an email address"),
                (["remove-operator", "nobody@example.com"], nil, "no operator nobody@example.com"),
                (["create-operator-api-key", "nobody@example.com"], nil, "no operator nobody@example.com"),
            ]
            for (arguments, stdin, expected) in refusals {
                let refused = try admin(arguments, stdin: stdin)
                #expect(refused.status != 0, "\(arguments)")
                #expect(refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
                #expect(refused.stdout.isEmpty, "\(arguments): \(refused.stdout)")
                if stdin != nil { #expect(!refused.stderr.contains("long-secret"), "\(arguments): \(refused.stderr)") }
            }
            #expect(try admin(["list-operators"]).stdout == listed)

            // The key is printed once; what the commands made logs in over HTTP.
            let keyed = try admin(["create-operator-api-key", "ops@example.com"])
            #expect(keyed.status == 0, "\(keyed.stderr)")
            let publicKey = try #require(keyed.stdout.split(separator: "\n").first { $0.hasPrefix("public key: ") }?.dropFirst(12))
            let privateKey = try #require(keyed.stdout.split(separator: "\n").first { $0.hasPrefix("private key: ") }?.dropFirst(13))
            do {
                let served = try Self.serve(db, home: home)
                let adminBase = try served.url(after: "roster-server Admin API on ")
                let password = try await Self.post(adminBase + "/auth/providers/local-userpass/login", ["username": "ops@example.com", "password": "long-secret-1"])
                #expect(password.0 == 200 && password.1["user_id"] as? String == operatorId, "\(password)")
                let key = try await Self.post(adminBase + "/auth/providers/mongodb-cloud/login", ["username": String(publicKey), "apiKey": String(privateKey)])
                #expect(key.0 == 200 && key.1["user_id"] as? String == operatorId, "\(key)")
            }

            let removed = try admin(["remove-operator", "OPS@example.com"])
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(try admin(["list-operators"]).stdout.isEmpty)
            let served = try Self.serve(db, home: home)
            let adminBase = try served.url(after: "roster-server Admin API on ")
            let after = try await Self.post(adminBase + "/auth/providers/mongodb-cloud/login", ["username": String(publicKey), "apiKey": String(privateKey)])
            #expect(after.0 == 401, "\(after)")
        }

        @Test func theAdminAPIIsServedOnItsOwnAddressAndNotOnTheClients() async throws {
            let home = try CommandRunner.temporaryDirectory("admin-listen")
            defer { try? FileManager.default.removeItem(at: home) }
            let db = home.appendingPathComponent("server.sqlite").path
            let made = try CommandRunner(home: home).rosterServer(
                ["admin", "--db", db, "create-operator", "ops@example.com", "--password-stdin"], stdin: "long-secret-1\n")
            #expect(made.status == 0, "\(made.stderr)")
            let served = try Self.serve(db, home: home)
            let adminBase = try served.url(after: "roster-server Admin API on ")
            let clientBase = try served.url(after: "roster-server listening on ")
            #expect(adminBase.hasSuffix("/api/admin/v3.0") && !adminBase.hasPrefix(clientBase + "/"))
            let adminRoot = String(adminBase.dropLast("/api/admin/v3.0".count))
            let credentials = ["username": "ops@example.com", "password": "long-secret-1"]

            // On the client address, the Admin API is a route that is not there, as App Services
            // answers one.
            let hidden = try await Self.post(clientBase + "/api/admin/v3.0/auth/providers/local-userpass/login", credentials)
            #expect(hidden.0 == 404 && hidden.1["error_code"] as? String == "RouteNotFound", "\(hidden)")
            let login = try await Self.post(adminBase + "/auth/providers/local-userpass/login", credentials)
            #expect(login.0 == 200, "\(login)")
            let token = try #require(login.1["access_token"] as? String)
            let profile = try await OperationsTests.fetch(adminBase + "/auth/profile", headers: ["Authorization": "Bearer \(token)"])
            #expect(profile.0 == 200)
            let group = try #require(
                ((try JSONSerialization.jsonObject(with: profile.1) as? [String: Any])?["roles"] as? [[String: Any]])?.first?["group_id"] as? String)

            // An app made there is served on the client address, and not on the admin one.
            let app = try await Self.post(adminBase + "/groups/\(group)/apps", ["name": "kiosk"], bearer: token)
            #expect(app.0 == 201, "\(app)")
            let clientAppId = try #require(app.1["client_app_id"] as? String)
            let location = "/api/client/v2.0/app/\(clientAppId)/location"
            let located = try await OperationsTests.fetch(clientBase + location)
            let hostname = (try? JSONSerialization.jsonObject(with: located.1) as? [String: Any])?["hostname"] as? String
            #expect(located.0 == 200 && hostname == clientBase, "the client's links name its own address, not the admin one: \(hostname ?? "-")")
            let notHere = try await OperationsTests.fetch(adminRoot + location)
            #expect(notHere.0 == 404 && String(decoding: notHere.1, as: UTF8.self).contains("RouteNotFound"))
            #expect(try await OperationsTests.fetch(adminRoot + "/api/client/v2.0/auth/profile", headers: ["Authorization": "Bearer \(token)"]).0 == 404)

            // An error on the app's client routes links to the app's log on the admin address.
            let refused = try await Self.post(clientBase + "/api/client/v2.0/app/\(clientAppId)/functions/call", ["name": "sum"])
            let link = try #require(refused.1["link"] as? String)
            #expect(refused.0 == 401 && link.hasPrefix(adminBase + "/groups/\(group)/apps/") && link.contains("/logs?co_id="), "\(refused)")
            #expect(try await OperationsTests.fetch(link, headers: ["Authorization": "Bearer \(token)"]).0 == 200)
        }

        /// An Admin API on every interface names no address a person can open: its links take the
        /// public URL it is given, and without one there are none, said at start.
        @Test func anAdminAPIOnEveryInterfaceLinksToItsPublicURLOrSaysItHasNone() async throws {
            let home = try CommandRunner.temporaryDirectory("admin-public-url")
            defer { try? FileManager.default.removeItem(at: home) }
            let db = home.appendingPathComponent("server.sqlite").path
            let runner = CommandRunner(home: home)
            #expect(try runner.rosterServer(["admin", "--db", db, "create-operator", "ops@example.com", "--password-stdin"], stdin: "long-secret-1\n").status == 0)

            // Refused before anything listens: without --admin-listen, or not a URL.
            let refusals: [([String], String)] = [
                (["--admin-public-url", "https://admin.example.com"], "--admin-public-url is for an Admin API on its own address"),
                (["--admin-listen", "127.0.0.1:0", "--admin-public-url", "ftp://admin.example.com"], "--admin-public-url: a public URL is http:// or https://"),
            ]
            for (arguments, words) in refusals {
                let refused = try runner.rosterServer(["serve", "--db", db, "--port", "0"] + arguments)
                #expect(refused.status != 0 && refused.stderr.contains(words), "\(arguments): \(refused.stderr)")
            }

            for given in ["https://admin.example.com/ops", nil] {
                let served = try Self.serve(db, home: home, admin: "0.0.0.0:0", publicURL: given)
                let adminBase = try served.url(after: "roster-server Admin API on ")
                let clientBase = try served.url(after: "roster-server listening on ")
                let said = served.lines.first { $0.hasPrefix("Admin API links") } ?? ""
                if let given {
                    #expect(said == "Admin API links start with \(given) (--admin-public-url)")
                } else {
                    #expect(said.hasPrefix("Admin API links: none, as it listens on every interface"), "\(served.lines)")
                }
                let port = try #require(adminBase.split(separator: ":").last?.split(separator: "/").first)
                let local = "http://127.0.0.1:\(port)/api/admin/v3.0"
                let login = try await Self.post(local + "/auth/providers/local-userpass/login", ["username": "ops@example.com", "password": "long-secret-1"])
                let token = try #require(login.1["access_token"] as? String)
                let profile = try await OperationsTests.fetch(local + "/auth/profile", headers: ["Authorization": "Bearer \(token)"])
                let group = try #require(
                    ((try JSONSerialization.jsonObject(with: profile.1) as? [String: Any])?["roles"] as? [[String: Any]])?.first?["group_id"] as? String)
                let app = try await Self.post(local + "/groups/\(group)/apps", ["name": "kiosk-\(given == nil ? "b" : "a")"], bearer: token)
                let clientAppId = try #require(app.1["client_app_id"] as? String)
                let refused = try await Self.post(clientBase + "/api/client/v2.0/app/\(clientAppId)/functions/call", ["name": "sum"])
                #expect(refused.0 == 401)
                if let given {
                    let link = try #require(refused.1["link"] as? String)
                    #expect(link.hasPrefix(given + "/api/admin/v3.0/groups/\(group)/apps/") && link.contains("/logs?co_id="), "\(refused)")
                } else {
                    #expect((refused.1["link"] as? String ?? "").isEmpty, "\(refused)")
                }
            }
        }

        /// `serve` with the apps of the database, the client API and the Admin API each on a port
        /// of its own.
        static func serve(_ db: String, home: URL, admin: String = "127.0.0.1:0", publicURL: String? = nil) throws -> OperationsTests.Served {
            try OperationsTests.Served(
                ["serve", "--db", db, "--host", "127.0.0.1", "--port", "0", "--admin-listen", admin] + (publicURL.map { ["--admin-public-url", $0] } ?? []),
                home: home
            ) { lines in
                lines.contains { $0.hasPrefix("roster-server listening on ") } && lines.contains { $0.hasPrefix("Admin API links") }
            }
        }

        static func post(_ url: String, _ body: [String: String], bearer: String? = nil) async throws -> (Int, [String: Any]) {
            var headers = ["Content-Type": "application/json"]
            if let bearer { headers["Authorization"] = "Bearer \(bearer)" }
            let (status, data, _) = try await OperationsTests.fetch(url, method: "POST", body: try JSONSerialization.data(withJSONObject: body), headers: headers)
            return (status, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
        }
    }
}
