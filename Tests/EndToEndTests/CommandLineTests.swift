import Foundation
import Testing

/// Every end-to-end suite runs one test at a time: they start real processes, and a tmux server
/// started while another test's pipes are open would keep them open.
@Suite("end to end", .serialized)
struct EndToEndTests {}

extension EndToEndTests {
    /// The `roster` and `roster-server` binaries, driven as a script would drive them.
    @Suite("roster subcommands end to end")
    struct CommandLineTests {
        // BEHAVIOURS 4, 5, 6, 7, 8, 9, 12, 13, 15, 16, 17, 18, 20, 21, 23, 25, 31, 32, 33, 39
        @Test func scriptOnTheEmbeddedDefault() throws {
            let home = try CommandRunner.temporaryDirectory("embedded")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let database = home.appendingPathComponent("embedded/server.sqlite").path
            try DeviceScript(runner: runner, adminArguments: ["--db", database, "--demo"]).run()
        }

        // BEHAVIOURS 4, 5, 6, 7, 8, 9, 12, 13, 15, 16, 17, 18, 20, 21, 23, 25, 31, 32, 33, 39
        @Test func scriptAgainstRosterServerOverHTTP() throws {
            let home = try CommandRunner.temporaryDirectory("http")
            defer { try? FileManager.default.removeItem(at: home) }
            let database = home.appendingPathComponent("server.sqlite").path
            let server = try ServerProcess(database: database, home: home)
            defer { server.stop() }
            let runner = CommandRunner(
                home: home.appendingPathComponent("client"),
                extra: ["ROSTER_SERVER_URL": server.baseURL, "ROSTER_APP_ID": "roster-demo"])
            try DeviceScript(runner: runner, adminArguments: ["--db", database, "--demo"]).run()
            // The embedded store was never made: --server really used the server.
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("client/embedded").path))
        }

        /// Not on a terminal, `roster` and `roster ui` print the user list, as `roster users` does.
        @Test func pipedRosterPrintsTheUserList() throws {
            let home = try CommandRunner.temporaryDirectory("piped")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let empty = try runner.roster([])
            #expect(empty.status == 0, "\(empty.stderr)")
            #expect(empty.stdout.contains("No users on this device"))
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            for arguments in [[], ["ui"], ["ui", "--no-color"]] {
                let listed = try runner.roster(arguments)
                #expect(listed.status == 0 && listed.stderr.isEmpty, "\(arguments): \(listed.stderr)")
                #expect(listed.stdout == (try runner.roster(["users"])).stdout)
                #expect(listed.stdout.contains("anonymous"))
            }
        }

        // BEHAVIOURS 49
        @Test func logoutAllLeavesNobodyActive() throws {
            let home = try CommandRunner.temporaryDirectory("logout-all")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            let both = try runner.roster(["logout", "--all", "joe"])
            #expect(both.status == 2 && both.stderr.contains("not both"))
            let all = try runner.roster(["logout", "--all"])
            #expect(all.status == 0, "\(all.stderr)")
            #expect(all.stdout.contains("Logged out 2 users; nobody is active."))
            #expect(try runner.roster(["whoami", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "null")
            let users = try runner.roster(["users", "--json"]).users()
            #expect(users.count == 1 && users.allSatisfy { $0.state == "loggedOut" && !$0.current })
            #expect(try runner.roster(["logout", "--all"]).stdout.contains("Nobody was logged in."))
        }

        /// A name with terminal escapes in it (a custom JWT's, which the app's issuer wrote) is
        /// refused by the server, naming the field, and nothing of it reaches the terminal: it
        /// could have retitled, cleared or rewritten the terminal of whoever lists the users.
        /// (What a hostile server sends anyway is stripped by the client: `DisplayWidthTests`.)
        @Test func escapesInANameAreRefusedAndNeverReachTheTerminal() throws {
            let home = try CommandRunner.temporaryDirectory("escapes")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let database = home.appendingPathComponent("embedded/server.sqlite").path
            #expect(try runner.roster(["users"]).status == 0)
            let hostile = "Zoë\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m"
            let minted = try runner.rosterServer(["admin", "--db", database, "--demo", "mint-jwt", "--sub", "kiosk-8", "--name", hostile])
            #expect(minted.status == 0, "mint-jwt: \(minted.stderr)")
            let login = try runner.roster(["login", "--jwt-stdin"], stdin: minted.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "\n")
            #expect(login.status != 0)
            #expect(login.stderr.contains("the profile field 'name' has control characters"), "\(login.stderr)")
            #expect(!(login.stdout + login.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
            #expect(try runner.roster(["users", "--json"]).users().isEmpty)
        }

        /// Plain http to another machine would carry passwords and tokens readable: refused
        /// unless asked for; to this machine it is fine.
        @Test func plainHTTPToAnotherMachineIsRefusedUnlessAskedFor() throws {
            let home = try CommandRunner.temporaryDirectory("insecure")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let refused = try runner.roster(["users", "--server", "http://roster.invalid:9090", "--app", "a"])
            #expect(refused.status != 0 && refused.stderr.contains("--allow-insecure-http"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("devices").path))
            let allowed = try runner.roster(["users", "--server", "http://roster.invalid:9090", "--app", "a", "--allow-insecure-http"])
            #expect(allowed.status == 0, "\(allowed.stderr)")
            for local in ["http://127.0.0.1:9", "http://localhost:9", "http://[::1]:9", "https://roster.invalid"] {
                #expect(try runner.roster(["users", "--server", local, "--app", "a"]).status == 0, "\(local)")
            }
        }

        // BEHAVIOURS 5, 7
        @Test func customJWTLogInReadsTheTokenFromStdin() throws {
            let home = try CommandRunner.temporaryDirectory("jwt")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let database = home.appendingPathComponent("embedded/server.sqlite").path
            #expect(try runner.roster(["users"]).status == 0)  // makes and seeds the embedded store
            let minted = try runner.rosterServer(
                ["admin", "--db", database, "--demo", "mint-jwt", "--sub", "kiosk-7", "--name", "Zoë", "--email", "zoe@example.com"])
            #expect(minted.status == 0, "mint-jwt: \(minted.stderr)")
            let token = minted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let login = try runner.roster(["login", "--jwt-stdin"], stdin: token + "\n")
            #expect(login.status == 0, "login: \(login.stderr)")
            #expect(!login.stdout.contains(token) && !login.stderr.contains(token))
            let users = try runner.roster(["users", "--json"]).users()
            let zoe = try #require(users.first)
            #expect(users.count == 1 && zoe.providers == ["custom-token"] && zoe.current)
            #expect(zoe.name == "Zoë" && zoe.email == "zoe@example.com")
            // The same external id is the same user.
            #expect(try runner.roster(["login", "--jwt-stdin"], stdin: token + "\n").status == 0)
            #expect(try runner.roster(["users", "--json"]).users().map(\.id) == [zoe.id])
            // A forged token is refused and changes nothing.
            let forged = try runner.roster(["login", "--jwt-stdin"], stdin: String(token.dropLast(4)) + "AAAA\n")
            #expect(forged.status == 1 && forged.stderr.split(separator: "\n").count == 1)
            #expect(try runner.roster(["users", "--json"]).users().map(\.id) == [zoe.id])
            let empty = try runner.roster(["login", "--api-key-stdin"], stdin: "\n")
            #expect(empty.status == 1 && empty.stderr.contains("no API key"))
        }

        @Test func usageErrorsExitTwo() throws {
            let home = try CommandRunner.temporaryDirectory("usage")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for arguments in [["frobnicate"], ["login"], ["login", "--anonymous", "--email", "a@b.c"], ["switch"],
                ["login", "--email", "not-an-email", "--password-stdin"], ["users", "--bogus"]]
            {
                let result = try runner.roster(arguments)
                #expect(result.status == 2, "roster \(arguments) exited \(result.status): \(result.stderr)")
                #expect(!result.stderr.isEmpty)
            }
            #expect(try runner.roster(["--help"]).status == 0)
        }

        @Test func aMissingServerIsOneClearLine() throws {
            let home = try CommandRunner.temporaryDirectory("noserver")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let result = try runner.roster(["login", "--anonymous", "--server", "http://127.0.0.1:9", "--app", "roster-demo"])
            #expect(result.status == 1)
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.lowercased().contains("server"), "stderr: \(result.stderr)")
            let badURL = try runner.roster(["users", "--server", "ftp://example", "--app", "x"])
            #expect(badURL.status == 1 && badURL.stderr.contains("http"))
            let noApp = try runner.roster(["users", "--server", "http://127.0.0.1:9"])
            #expect(noApp.status == 1 && noApp.stderr.contains("--app"))
        }

        @Test func aCorruptDeviceStoreIsReportedAndKept() throws {
            let home = try CommandRunner.temporaryDirectory("corrupt")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--anonymous"]).status == 0)
            let device = home.appendingPathComponent("devices/embedded/roster-demo")
            let store = try #require(
                try FileManager.default.contentsOfDirectory(atPath: device.path).first { $0.hasSuffix(".sqlite") })
            let storeURL = device.appendingPathComponent(store)
            for suffix in ["-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: storeURL.path + suffix)
            }
            let garbage = Data(repeating: 0x5A, count: 8192)
            try garbage.write(to: storeURL)
            let result = try runner.roster(["users"])
            #expect(result.status == 1)
            #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
            #expect(result.stderr.contains(store) || result.stderr.lowercased().contains("store"), "stderr: \(result.stderr)")
            #expect(try Data(contentsOf: storeURL) == garbage, "the unreadable store must be left as it was")
        }

        @Test func secretsStayOffTheCommandLineAndFilesArePrivate() throws {
            let home = try CommandRunner.temporaryDirectory("private")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            // There is no option that takes a password.
            let result = try runner.roster(["login", "--email", "joe@example.com", "--password", "passw0rd"])
            #expect(result.status == 2)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let device = home.appendingPathComponent("devices/embedded/roster-demo")
            let attributes = try FileManager.default.attributesOfItem(atPath: device.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o700)
            for file in try FileManager.default.contentsOfDirectory(atPath: device.path) where file.contains("sqlite") {
                let mode = try FileManager.default.attributesOfItem(atPath: device.appendingPathComponent(file).path)[.posixPermissions]
                #expect((mode as? Int) == 0o600, "\(file) is not owner-only")
            }
        }
    }
}
