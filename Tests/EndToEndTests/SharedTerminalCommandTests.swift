import Foundation
import Testing

/// Shared terminals (BEHAVIOURS 43-50) through the real `roster` binary: policies, PINs given on
/// stdin, wrong PINs counted across processes, history, and a device directory that holds no
/// secret. Every command is a new process on the embedded default with a temporary home.
extension EndToEndTests {
    @Suite("roster on a shared terminal end to end")
    struct SharedTerminalCommandTests {
        // BEHAVIOURS 43
        @Test func aPINGuardsTokensCustomDataAndSwitching() throws {
            let device = try SharedTerminal("pin-token")
            defer { device.cleanUp() }
            try device.logInJoeAndEmma()
            #expect(try device.current() == "emma@example.com")

            try device.fails(["token", "emma", "--pin-stdin"], stdin: "99999999\n", mentioning: "wrong PIN")
            try device.fails(["token", "emma"], stdin: "", mentioning: "no PIN given")
            let token = try device.token("emma", pin: SharedTerminal.emmaPIN)
            #expect(token.split(separator: ".").count == 3, "not a JWT: \(token)")

            // Custom data is sealed: not shown without the PIN, shown with it.
            let whoami = try device.succeeds(["whoami"]).stdout
            #expect(whoami.contains("emma@example.com") && whoami.contains("sealed") && !whoami.contains("purple"), "\(whoami)")
            try device.fails(["custom-data", "joe"], stdin: "", mentioning: "no PIN given")
            #expect(try device.succeeds(["custom-data", "joe", "--pin-stdin"], stdin: "\(SharedTerminal.joePIN)\n").stdout.contains("green"))

            // Switching: a wrong PIN changes nothing; the right one switches.
            try device.fails(["switch", "joe", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n", mentioning: "wrong PIN")
            #expect(try device.current() == "emma@example.com")
            _ = try device.succeeds(["switch", "joe", "--pin-stdin"], stdin: "\(SharedTerminal.joePIN)\n")
            #expect(try device.current() == "joe@example.com")
            _ = try device.succeeds(["switch", "emma", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n")
            #expect(try device.current() == "emma@example.com")
            #expect(try device.succeeds(["whoami"]).stdout.hasPrefix("emma@example.com (active)"))
        }

        // BEHAVIOURS 45
        @Test func wrongPINsAreCountedAcrossProcessesThenDelayed() throws {
            let device = try SharedTerminal("pin-delay")
            defer { device.cleanUp() }
            try device.logInJoeAndEmma()
            for remaining in [9, 8, 7] {
                try device.fails(["token", "emma", "--pin-stdin"], stdin: "11111111\n", mentioning: "wrong PIN for emma@example.com; \(remaining) more")
            }
            // The fourth try waits, even with the right PIN and from another subcommand.
            let delayed = try device.fails(["token", "emma", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n", mentioning: "try again in")
            try device.fails(["switch", "emma", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n", mentioning: "try again in")
            let seconds = try #require(delayed.stderr.firstMatch(of: #/try again in (\d+) s/#).flatMap { Int($0.1) })
            #expect((1...5).contains(seconds), "\(delayed.stderr)")
            // Other users are not held up.
            #expect(try device.token("joe", pin: SharedTerminal.joePIN).split(separator: ".").count == 3)

            // After the wait the right PIN works, and the count starts again. Asked again until
            // then, it is refused with the wait and nothing else.
            let deadline = Date().addingTimeInterval(Double(seconds) + 60)
            var given = try device.roster(["token", "emma", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n")
            while given.status != 0, Date() < deadline {
                #expect(given.status == 1 && given.stderr.contains("try again in"), "\(given.stderr)")
                given = try device.roster(["token", "emma", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n")
            }
            #expect(given.stdout.split(separator: ".").count == 3, "\(given.stderr)")
            try device.fails(["token", "emma", "--pin-stdin"], stdin: "11111111\n", mentioning: "9 more wrong tries")
            #expect(try device.runner.users().allSatisfy { $0.state == "loggedIn" })
        }

        // BEHAVIOURS 43, 46
        @Test func policyShowsAndLooseningNeedsEveryPIN() throws {
            let device = try SharedTerminal("pin-policy")
            defer { device.cleanUp() }
            try device.logInJoeAndEmma()
            let pinned = "policy: pin; idle lock: off\n"
            #expect(try device.succeeds(["policy"]).stdout == pinned)

            // Loosening without the PIN of everyone it exposes, or with a wrong one, changes nothing.
            let order = try device.runner.users().compactMap(\.email)
            #expect(order == ["emma@example.com", "joe@example.com"], "roster users lists the most recent first")
            try device.fails(["policy", "open"], stdin: "", mentioning: "no PIN given")
            try device.fails(["policy", "open", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n", mentioning: "no PIN given for joe")
            try device.fails(["policy", "open", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n12121212\n", mentioning: "wrong PIN for joe")
            #expect(try device.succeeds(["policy"]).stdout == pinned)
            try device.fails(["token", "joe"], stdin: "", mentioning: "no PIN given")

            // The idle lock's time and action need no PIN, and history says what changed.
            #expect(try device.succeeds(["policy", "--lock-after", "5m"]).stdout == "policy: pin; idle lock: after 5m without a key, lock\n")
            #expect(try device.succeeds(["policy", "--lock-after", "90s"], stdin: "").stdout.contains("after 90s"))
            let history = Data(try device.succeeds(["history", "--json"]).stdout.utf8)
            let changes = try #require(try JSONSerialization.jsonObject(with: history) as? [[String: String]]).compactMap { $0["change"] }
            #expect(Set(changes).isSuperset(of: ["open → pin", "lock after never → 5 m", "lock after 5 m → 90 s"]), "\(changes)")
            #expect(try device.succeeds(["policy"]).stdout.contains("after 90s"))

            // Bad input is a usage error that names what was wrong.
            for (arguments, words) in [
                (["policy", "loose"], "open, pin or password, not 'loose'"), (["policy", "pin", "--lock-after", "5x"], "'5x' is not a duration"),
                (["policy", "pin", "--on-idle", "nap"], "lock or logout-to-nobody, not 'nap'"),
            ] {
                let result = try device.roster(arguments)
                #expect(result.status == 2, "roster \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
                #expect(result.stderr.contains(words), "stderr was: \(result.stderr)")
            }
            #expect(try device.succeeds(["policy"]).stdout.hasPrefix("policy: pin;"))

            // With every PIN, one line each in `roster users` order, the policy opens up.
            let opened = try device.succeeds(
                ["policy", "open", "--lock-after", "off", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n\(SharedTerminal.joePIN)\n")
            #expect(opened.stdout == "policy: open; idle lock: off\n")
            #expect(try device.token("joe", pin: nil).split(separator: ".").count == 3)
        }

        // BEHAVIOURS 46, 43
        @Test func changingAPINNeedsTheOldOne() throws {
            let device = try SharedTerminal("pin-change")
            defer { device.cleanUp() }
            try device.logInJoeAndEmma()
            let old = SharedTerminal.joePIN, new = SharedTerminal.joeNewPIN
            try device.fails(["pin", "joe", "--pin-stdin"], stdin: "12121212\n\(new)\n", mentioning: "wrong PIN for joe")
            try device.fails(["pin", "joe", "--pin-stdin"], stdin: "\(old)\n12\n", mentioning: "at least 4 digits")
            #expect(try device.token("joe", pin: old).split(separator: ".").count == 3, "a refused change keeps the old PIN")

            let changed = try device.succeeds(["pin", "joe", "--pin-stdin"], stdin: "\(old)\n\(new)\n")
            #expect(changed.stdout == "Changed the PIN of joe@example.com.\n")
            #expect(try device.token("joe", pin: new).split(separator: ".").count == 3)
            try device.fails(["token", "joe", "--pin-stdin"], stdin: "\(old)\n", mentioning: "wrong PIN")
            // Emma's PIN is hers alone.
            try device.fails(["pin", "emma", "--pin-stdin"], stdin: "\(new)\n\(old)\n", mentioning: "wrong PIN for emma")
        }

        // BEHAVIOURS 45 (wrong PINs are recorded); `roster history` itself has no BEHAVIOURS line
        @Test func historyNamesWhatHappenedButNoSecret() throws {
            let device = try SharedTerminal("pin-history")
            defer { device.cleanUp() }
            try device.logInJoeAndEmma()
            _ = try device.succeeds(["switch", "joe", "--pin-stdin"], stdin: "\(SharedTerminal.joePIN)\n")
            try device.fails(["token", "emma", "--pin-stdin"], stdin: "12121212\n", mentioning: "wrong PIN")

            let history = try device.succeeds(["history"])
            let lines = history.stdout.split(separator: "\n").map(String.init)
            func has(_ event: String, _ user: String) -> Bool {
                lines.contains { $0.contains("  \(event) ") && $0.hasSuffix(user) }
            }
            #expect(has("log-in", "joe@example.com") && has("log-in", "emma@example.com"), "\(history.stdout)")
            #expect(has("switch", "joe@example.com"), "\(history.stdout)")
            #expect(has("wrong PIN", "emma@example.com"), "\(history.stdout)")
            #expect(lines.first?.contains("wrong PIN") == true, "newest first: \(history.stdout)")
            let json = try device.succeeds(["history", "--json", "--limit", "2"])
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
            #expect(entries.map { $0["event"] } == ["wrong PIN", "switch"] && entries.first?["user"] == "emma@example.com")
            for result in [history, json] {
                for secret in SharedTerminal.secrets + ["12121212"] {
                    #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "history shows \(secret)")
                }
            }
        }

        // BEHAVIOURS 44
        @Test func theDeviceDirectoryHoldsNoTokenCustomDataOrPIN() throws {
            let device = try SharedTerminal("pin-sealed")
            defer { device.cleanUp() }
            try device.logInJoeAndEmma()
            var tokens = [try device.token("joe", pin: SharedTerminal.joePIN), try device.token("emma", pin: SharedTerminal.emmaPIN)]
            let pins = "\(SharedTerminal.emmaPIN)\n"
            #expect(try device.succeeds(["custom-data", "emma", "--pin-stdin"], stdin: pins).stdout.contains("purple"))
            let set = try device.succeeds(["custom-data", "set", "--user", "emma", "--pin-stdin", "nickname", "ultramarine-otter"], stdin: pins)
            #expect(set.stdout.contains("ultramarine-otter"))
            tokens.append(try device.token("emma", pin: SharedTerminal.emmaPIN))
            _ = try device.succeeds(["switch", "joe", "--pin-stdin"], stdin: "\(SharedTerminal.joePIN)\n")
            _ = try device.succeeds(["pin", "joe", "--pin-stdin"], stdin: "\(SharedTerminal.joePIN)\n\(SharedTerminal.joeNewPIN)\n")
            tokens.append(try device.token("joe", pin: SharedTerminal.joeNewPIN))

            // Every token part but the header (the same for every token) is a secret.
            let secrets = tokens.flatMap { [$0] + $0.split(separator: ".").dropFirst().map(String.init) }
                + ["green", "purple", "ultramarine-otter"] + SharedTerminal.secrets
            let deviceBytes = try SharedTerminal.files(under: device.deviceDirectory)
            #expect(deviceBytes.keys.contains { $0.hasSuffix(".sqlite") }, "the device store: \(deviceBytes.keys.sorted())")
            #expect(deviceBytes.values.contains { $0.range(of: Data("joe@example.com".utf8)) != nil }, "names stay readable")
            for (file, bytes) in deviceBytes {
                for secret in secrets {
                    #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds \(secret.prefix(24))")
                }
            }
            // The scan sees plaintext where there is some: the embedded server's own store.
            let serverBytes = try SharedTerminal.files(under: device.home.appendingPathComponent("embedded"))
            #expect(serverBytes.values.contains { $0.range(of: Data("ultramarine-otter".utf8)) != nil })
        }

        /// Under `pin` each anonymous log-in is a person of its own; each is known by the end of
        /// its id, where ids made close together differ, and named so in `switch`.
        @Test func anonymousUsersAreKnownByTheEndOfTheirIds() throws {
            let device = try SharedTerminal("anonymous-names")
            defer { device.cleanUp() }
            for _ in 0..<2 { _ = try device.succeeds(["login", "--anonymous", "--pin-stdin"], stdin: "\(SharedTerminal.anonymousPIN)\n") }
            let ids = try device.runner.users().map(\.id)
            #expect(ids.count == 2 && Set(ids.map { $0.suffix(8) }).count == 2, "\(ids)")
            let listed = try device.succeeds(["users"]).stdout
            for id in ids { #expect(listed.contains("anonymous user \(id.suffix(8))"), "\(listed)") }
            let other = try #require(try device.runner.users().first { !$0.current }).id
            let switched = try device.succeeds(["switch", String(other.suffix(8)), "--pin-stdin"], stdin: "\(SharedTerminal.anonymousPIN)\n")
            #expect(switched.stdout.contains("anonymous user \(other.suffix(8))"), "\(switched.stdout)")
            #expect(try device.runner.users().first { $0.current }?.id == other)
        }

        // BEHAVIOURS 17, 43, 49
        @Test func logOutAllUnderPINLeavesNobodyActive() throws {
            let device = try SharedTerminal("pin-logout")
            defer { device.cleanUp() }
            try device.logInJoeAndEmma()
            _ = try device.succeeds(["login", "--anonymous", "--pin-stdin"], stdin: "\(SharedTerminal.anonymousPIN)\n")
            _ = try device.succeeds(["switch", "emma", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n")
            // Under pin, nobody follows the active user out: that would be a switch without a PIN.
            // This process does not hold Emma's key: her PIN is asked for (BEHAVIOURS 53).
            try device.fails(["logout"], stdin: "", mentioning: "no PIN given for emma@example.com")
            _ = try device.succeeds(["logout", "--pin-stdin"], stdin: "\(SharedTerminal.emmaPIN)\n")
            #expect(try device.current() == nil)
            #expect(try device.runner.users().filter { $0.state == "loggedIn" }.count == 2)

            _ = try device.succeeds(["switch", "joe", "--pin-stdin"], stdin: "\(SharedTerminal.joePIN)\n")
            try device.fails(["logout", "--all", "--pin-stdin"], stdin: "\(SharedTerminal.joePIN)\n", mentioning: "no PIN given")
            #expect(try device.runner.users().filter { $0.state == "loggedIn" }.count == 2, "nobody was logged out")
            let all = try device.succeeds(["logout", "--all", "--pin-stdin"], stdin: "\(SharedTerminal.joePIN)\n\(SharedTerminal.anonymousPIN)\n")
            #expect(all.stdout.hasPrefix("Logged out 2 users; nobody is active."), "\(all.stdout)")
            let nobody = try device.roster(["whoami", "--json"])
            #expect(nobody.status == 1 && nobody.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "null")
            let users = try device.runner.users()
            #expect(users.compactMap(\.email).sorted() == ["emma@example.com", "joe@example.com"], "the anonymous user is removed")
            #expect(users.allSatisfy { $0.state == "loggedOut" && !$0.current })
            try device.fails(["switch", "joe", "--pin-stdin"], stdin: "\(SharedTerminal.joePIN)\n", mentioning: "logged out")
        }

        // BEHAVIOURS 54
        @Test func theAdminPINActsForSomebodyElseAndGuardsAKiosk() throws {
            let device = try SharedTerminal("admin-pin")
            defer { device.cleanUp() }
            try device.logInJoeAndEmma()
            let admin = SharedTerminal.adminPIN
            // No admin PIN yet: --admin and a kiosk are refused, and say how to set one.
            try device.fails(["logout", "joe", "--admin", "--pin-stdin"], stdin: "\(admin)\n", mentioning: "roster policy --admin-pin")
            try device.fails(["policy", "--kiosk", "on"], stdin: "", mentioning: "a kiosk takes an admin PIN, and none is set")
            try device.fails(["policy", "--admin-pin", "--pin-stdin"], stdin: "12\n", mentioning: "a PIN has at least 4 digits")
            #expect(try device.succeeds(["policy", "--admin-pin", "--pin-stdin"], stdin: "\(admin)\n").stdout == "The admin PIN is set.\n")
            // Changing it asks for the current one first.
            try device.fails(["policy", "--admin-pin", "--pin-stdin"], stdin: "11112222\n33334444\n", mentioning: "wrong admin PIN")
            _ = try device.succeeds(["policy", "--admin-pin", "--pin-stdin"], stdin: "\(admin)\n\(SharedTerminal.newAdminPIN)\n")
            let newAdmin = SharedTerminal.newAdminPIN

            // Joe is not unlocked in any process: his own PIN, or the admin PIN with --admin.
            try device.fails(["logout", "joe", "--admin", "--pin-stdin"], stdin: "\(admin)\n", mentioning: "wrong admin PIN")
            #expect(try device.runner.users().first { $0.email == "joe@example.com" }?.state == "loggedIn", "a refusal changes nothing")
            let out = try device.succeeds(["logout", "joe", "--admin", "--pin-stdin"], stdin: "\(newAdmin)\n")
            #expect(out.stdout.hasPrefix("Logged out joe@example.com."), "\(out.stdout)")
            _ = try device.succeeds(["remove", "emma", "--admin", "--pin-stdin"], stdin: "\(newAdmin)\n")
            #expect(try device.runner.users().map(\.email) == ["joe@example.com"])

            // A kiosk: set with the admin PIN present; changing it takes the admin PIN.
            #expect(try device.succeeds(["policy", "--kiosk", "on"]).stdout == "policy: pin; idle lock: off; kiosk: on\n")
            try device.fails(["policy", "--lock-after", "5m", "--pin-stdin"], stdin: "\n", mentioning: "no admin PIN given")
            try device.fails(["policy", "--kiosk", "off", "--pin-stdin"], stdin: "\(admin)\n", mentioning: "wrong admin PIN")
            #expect(try device.succeeds(["policy"]).stdout == "policy: pin; idle lock: off; kiosk: on\n", "nothing was changed")
            #expect(try device.succeeds(["policy", "--kiosk", "off", "--pin-stdin"], stdin: "\(newAdmin)\n").stdout == "policy: pin; idle lock: off\n")
            let history = try device.succeeds(["history", "--limit", "12"]).stdout
            for line in ["kiosk on → off", "kiosk off → on", "wrong admin PIN", "admin PIN set", "admin PIN", "removing emma@example.com"] {
                #expect(history.contains(line), "history lacks \(line): \(history)")
            }
            // `roster ui --kiosk` on a terminal needs an admin PIN set: refused in one line before
            // the screen is taken (the tmux tests drive it with one).
        }

        /// Against a real roster-server over HTTP, `pin` checks PINs with the server by default
        /// (BEHAVIOURS 55): the session is sealed so, a right PIN opens it, and with the server
        /// gone nothing does, in words.
        // BEHAVIOURS 55
        @Test func withARemoteServerPINsAreCheckedThere() throws {
            let home = try CommandRunner.temporaryDirectory("server-unlock")
            defer { try? FileManager.default.removeItem(at: home) }
            let database = home.appendingPathComponent("server.sqlite").path
            var server: ServerProcess? = try ServerProcess(database: database, home: home)
            defer { server?.stop() }
            let runner = CommandRunner(
                home: home.appendingPathComponent("client"),
                extra: ["ROSTER_SERVER_URL": server?.baseURL ?? "", "ROSTER_APP_ID": "roster-demo"])
            let policy = try runner.roster(["policy", "pin"])
            #expect(policy.status == 0 && policy.stdout == "policy: pin; idle lock: off; PINs checked with the server\n", "\(policy.stdout)\(policy.stderr)")
            let pin = "638201"
            let login = try runner.roster(["login", "--email", "joe@example.com", "--password-stdin", "--pin-stdin"], stdin: "passw0rd\n\(pin)\n")
            #expect(login.status == 0, "\(login.stderr)")
            let wrong = try runner.roster(["token", "joe", "--pin-stdin"], stdin: "111111\n")
            #expect(wrong.status == 1 && wrong.stderr.contains("wrong PIN for joe@example.com; 9 more wrong tries"), "\(wrong.stderr)")
            #expect(try runner.roster(["token", "joe", "--pin-stdin"], stdin: "\(pin)\n").status == 0)
            server?.stop()
            server = nil
            let away = try runner.roster(["token", "joe", "--pin-stdin"], stdin: "\(pin)\n")
            #expect(away.status == 1 && away.stderr.contains("the server holds half of the key to joe@example.com's session and cannot be reached"), "\(away.stderr)")
            #expect(away.stdout.isEmpty)
        }

        /// Secrets come only from stdin: every command above goes through `SharedTerminal.roster`,
        /// which checks that no argument holds a PIN or password, and options that would take one
        /// do not exist.
        // BEHAVIOURS 43, 44 (a PIN nobody else can read); process arguments have no line of their own
        @Test func noPINOrPasswordIsEverAnArgument() throws {
            let device = try SharedTerminal("pin-arguments")
            defer { device.cleanUp() }
            for arguments in [
                ["login", "--email", "joe@example.com", "--pin", "1234"], ["login", "--email", "joe@example.com", "--pin=1234"],
                ["login", "--email", "joe@example.com", "--password", "passw0rd"], ["token", "--pin", "1234"],
                ["switch", "joe", "--pin", "1234"], ["switch", "joe", "1234"], ["policy", "open", "--pin", "1234"],
                ["pin", "joe", "1234", "5678"], ["pin", "--old", "1234"], ["logout", "--pin", "1234"],
            ] {
                let result = try device.runner.roster(arguments)
                #expect(result.status == 2, "roster \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
            }
            #expect(try device.runner.users().isEmpty, "nothing logged in")
        }
    }
}

/// A device under the `pin` policy on the embedded default, in a temporary home, and the
/// commands the tests run on it.
private struct SharedTerminal {
    static let joePIN = "73915284"
    static let joeNewPIN = "50286417"
    static let emmaPIN = "26048173"
    static let anonymousPIN = "84630912"
    static let adminPIN = "31907264"
    static let newAdminPIN = "64028135"
    /// Everything the tests give only on stdin.
    static let secrets = ["passw0rd", "pa55word", joePIN, joeNewPIN, emmaPIN, anonymousPIN, adminPIN, newAdminPIN]

    let home: URL
    let runner: CommandRunner

    /// The device directory of the embedded default (RosterPaths, EmbeddedDefault); the embedded
    /// server's own store is `home/embedded`.
    var deviceDirectory: URL { home.appendingPathComponent("devices/embedded/roster-demo") }

    /// A fresh home whose device is set to `pin`.
    init(_ name: String) throws {
        home = try CommandRunner.temporaryDirectory(name)
        runner = CommandRunner(home: home)
        #expect(try succeeds(["policy", "pin"]).stdout == "policy: pin; idle lock: off\n")
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: home)
    }

    /// Runs `roster`, first checking that no argument holds a secret.
    func roster(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> CommandRunner.Result
    {
        for secret in Self.secrets where arguments.contains(where: { $0.contains(secret) }) {
            Issue.record("a secret in the arguments: \(arguments)", sourceLocation: sourceLocation)
        }
        return try runner.roster(arguments, stdin: stdin)
    }

    @discardableResult
    func succeeds(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> CommandRunner.Result
    {
        let result = try roster(arguments, stdin: stdin, sourceLocation: sourceLocation)
        #expect(result.status == 0, "roster \(arguments.joined(separator: " ")) failed: \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// A failure: exit 1, one line on stderr holding `words`, nothing on stdout.
    @discardableResult
    func fails(_ arguments: [String], stdin: String?, mentioning words: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> CommandRunner.Result
    {
        let result = try roster(arguments, stdin: stdin, sourceLocation: sourceLocation)
        let command = "roster \(arguments.joined(separator: " "))"
        #expect(result.status == 1, "\(command) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(words), "\(command): stderr was \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(command): one line expected", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(command) printed \(result.stdout)", sourceLocation: sourceLocation)
        return result
    }

    /// Joe, then Emma, each choosing a PIN on stdin after the password; Emma is active.
    func logInJoeAndEmma() throws {
        for (email, password, pin) in [("joe@example.com", "passw0rd", Self.joePIN), ("emma@example.com", "pa55word", Self.emmaPIN)] {
            let result = try succeeds(["login", "--email", email, "--password-stdin", "--pin-stdin"], stdin: "\(password)\n\(pin)\n")
            #expect(result.stdout.hasPrefix("Logged in \(email)"))
        }
    }

    /// The access token `roster token USER` prints, with the PIN on stdin.
    func token(_ user: String, pin: String?, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let arguments = ["token", user] + (pin == nil ? [] : ["--pin-stdin"])
        let result = try succeeds(arguments, stdin: pin.map { "\($0)\n" } ?? "", sourceLocation: sourceLocation)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The email of the active user, from `roster whoami --json` (`null`, exit 1, for nobody).
    func current() throws -> String? {
        let result = try roster(["whoami", "--json"])
        #expect(result.status == 0 || (result.status == 1 && result.stdout.hasPrefix("null")), "\(result.stderr)")
        let data = Data(result.stdout.utf8)
        return (try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) as? [String: Any])?["email"] as? String
    }

    /// The bytes of every file under `directory`, by path relative to it.
    static func files(under directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files[String(url.path.dropFirst(directory.path.count))] = try Data(contentsOf: url)
        }
        return files
    }
}
