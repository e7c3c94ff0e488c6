import Foundation
import Testing

/// The switcher on a shared terminal under the `pin` policy: the real `roster` under tmux,
/// with Joe and Emma logged in with PINs by `roster login` beside it.
extension EndToEndTests {
    @Suite("shared terminal under tmux")
    struct SharedTerminalSwitcherTests {
        static let joePIN = "90417253"
        static let emmaPIN = "66120384"

        // BEHAVIOURS 43, 44, 45, 47
        @Test func joeAndEmmaWithPINs() throws {
            let home = try CommandRunner.temporaryDirectory("shared-terminal")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            try expectSuccess(runner.roster(["policy", "pin"]))
            try expectSuccess(runner.roster(
                ["login", "--email", "joe@example.com", "--password-stdin", "--pin-stdin"], stdin: "passw0rd\n\(Self.joePIN)\n"))
            let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            var screen = try session.waitFor("policy: pin")
            // This process holds nobody's key: Joe is active, but his data stays sealed.
            #expect(screen.contains("* joe@example.com") && !screen.contains("green"))

            // Emma logs in through the form, choosing her PIN twice; nothing she types shows.
            try session.send("n")
            try session.waitFor("Log in a user")
            try session.send("emma@example.com")
            try session.send("Tab", literal: false)
            try session.send("pa55word")
            for _ in 0..<2 { try session.send("Tab", literal: false) }
            try session.send(Self.emmaPIN)
            try session.send("Tab", literal: false)
            try session.send(Self.emmaPIN)
            screen = try session.waitFor("PIN again")
            #expect(!screen.contains(Self.emmaPIN) && !screen.contains("pa55word"))
            try session.send("Enter", literal: false)
            try session.waitFor("Logged in emma@example.com")
            try session.waitFor("\"favoriteColor\": \"purple\"")

            // Switching to Joe asks for his PIN; a wrong one is refused and counted.
            try session.send("/")
            try session.send("joe")
            try session.send("Enter", literal: false)
            try session.waitFor("> + joe@example.com")
            try session.send("Enter", literal: false)
            try session.waitFor("PIN for joe@example.com")
            try session.send("11112222")
            screen = try session.waitFor("PIN: ********_")
            #expect(!screen.contains("11112222"))
            try session.send("Enter", literal: false)
            try session.waitFor("Wrong PIN for joe@example.com; 9 more wrong tries")
            try session.send(Self.joePIN)
            try session.send("Enter", literal: false)
            try session.waitFor("Switched to joe@example.com")
            screen = try session.waitFor("\"favoriteColor\": \"green\"")
            #expect(!screen.contains(Self.joePIN))

            // Another terminal cannot read Emma's token without her PIN.
            let refused = try runner.roster(["token", "emma@example.com", "--pin-stdin"], stdin: "\n")
            #expect(refused.status == 1 && refused.stdout.isEmpty)
            let wrong = try runner.roster(["token", "emma@example.com", "--pin-stdin"], stdin: "00000000\n")
            #expect(wrong.status == 1 && wrong.stderr.contains("wrong PIN for emma@example.com"), "\(wrong.stderr)")

            // The idle lock, set from another terminal, hides Joe's data; his PIN unlocks.
            try expectSuccess(runner.roster(["policy", "--lock-after", "3s"]))
            screen = try session.waitFor("Active: joe@example.com", timeout: 30)
            #expect(screen.contains("Locked") && !screen.contains("favoriteColor") && !screen.contains("emma@example.com"))
            try session.send("Enter", literal: false)
            try session.waitFor("PIN for joe@example.com")
            try session.send(Self.joePIN)
            try session.send("Enter", literal: false)
            try session.waitFor("Unlocked; joe@example.com is active")

            // The history says who did what, and holds no PIN.
            let history = try runner.roster(["history"])
            #expect(history.stdout.contains("wrong PIN") && history.stdout.contains("switch") && history.stdout.contains("lock"))
            #expect(!history.stdout.contains(Self.joePIN) && !history.stdout.contains(Self.emmaPIN))

            // The device store, opened with sqlite3, shows who is there and nothing secret.
            let joeToken = try runner.roster(["token", "joe@example.com", "--pin-stdin"], stdin: "\(Self.joePIN)\n").stdout
            #expect(joeToken.split(separator: ".").count == 3)
            let store = home.appendingPathComponent("devices/embedded/roster-demo/device.sqlite").path
            let dump = try runner.run("/usr/bin/sqlite3", [store, ".dump"], stdin: nil).stdout
            #expect(dump.contains("joe@example.com") && dump.contains("emma@example.com"), "the dump shows the users")
            for secret in [joeToken.trimmingCharacters(in: .whitespacesAndNewlines), "green", "purple", Self.joePIN, Self.emmaPIN, "passw0rd", "pa55word"] {
                #expect(!dump.contains(secret), "\(secret.prefix(12)) is in the device store")
            }

            // After quitting, nothing secret is left in the terminal, scrolled back or not.
            try session.send("q")
            try session.waitFor("[end]")
            let all = try session.captureWithScrollback()
            for secret in [Self.joePIN, Self.emmaPIN, "11112222", "passw0rd", "pa55word", "green", "eyJ"] {
                #expect(!all.contains(secret), "\(secret) is left in the terminal")
            }
        }

        // BEHAVIOURS 47, 52
        @Test func aWindowLeftIdleNeverUndoesASwitchMadeElsewhere() throws {
            let home = try CommandRunner.temporaryDirectory("two-windows")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            try logIn(["emma@example.com", "joe@example.com"], on: runner)
            try expectSuccess(runner.roster(["policy", "--lock-after", "4s", "--on-idle", "logout-to-nobody"]))
            let busy = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            let idle = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
            try busy.waitFor("active: joe@example.com")
            try idle.waitFor("active: joe@example.com")
            // One window is used for longer than the idle time while the other sits idle, then
            // Emma is made active from the command line; the idle window undoes none of it.
            let started = Date()
            var switched = false
            while Date().timeIntervalSince(started) < 9 {
                try busy.send("j")
                Thread.sleep(forTimeInterval: 0.5)
                if !switched, Date().timeIntervalSince(started) > 5 {
                    try expectSuccess(runner.roster(["switch", "emma"]))
                    switched = true
                }
            }
            let whoami = try runner.roster(["whoami"])
            #expect(whoami.stdout.contains("emma@example.com"), "\(whoami.stdout) \(whoami.stderr)")
            let history = Data(try runner.roster(["history", "--json"]).stdout.utf8)
            let events = try #require(try JSONSerialization.jsonObject(with: history) as? [[String: String]]).compactMap { $0["event"] }
            #expect(!events.contains("lock"), "\(events)")
            // Once nobody touches a key, both windows leave nobody active, with one history line.
            try busy.waitFor("active: none", timeout: 30)
            try idle.waitFor("active: none", timeout: 30)
            let after = Data(try runner.roster(["history", "--json"]).stdout.utf8)
            let locks = try #require(try JSONSerialization.jsonObject(with: after) as? [[String: String]]).filter { $0["event"] == "lock" }
            #expect(locks.count == 1, "\(locks)")
        }

        // BEHAVIOURS 46
        @Test func aPINThatBreaksTheRuleIsAskedForAgainNotTheWholeRun() throws {
            let home = try CommandRunner.temporaryDirectory("policy-reask")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            try logIn(["joe@example.com", "emma@example.com"], on: runner)
            // `roster policy pin` on a terminal asks Emma (the most recent), then Joe.
            let session = try TmuxSession(command: [SwitcherTests.roster, "policy", "pin"], environment: runner.environment)
            try session.waitFor("New PIN for emma@example.com")
            try session.send("12")
            try session.send("Enter", literal: false)
            try session.waitFor("A PIN has at least 4 digits. New PIN for emma@example.com")
            try session.send(Self.emmaPIN)
            try session.send("Enter", literal: false)
            try session.waitFor("The same PIN again")
            try session.send("11112222")
            try session.send("Enter", literal: false)
            try session.waitFor("The two PINs differ. New PIN for emma@example.com")
            for _ in 0..<2 {
                try session.send(Self.emmaPIN)
                try session.send("Enter", literal: false)
            }
            try session.waitFor("New PIN for joe@example.com")
            for _ in 0..<2 {
                try session.send(Self.joePIN)
                try session.send("Enter", literal: false)
            }
            let screen = try session.waitFor("[exited 0]")
            #expect(screen.contains("policy: pin; idle lock: off"), "\(screen)")
            #expect(!screen.contains(Self.emmaPIN) && !screen.contains(Self.joePIN))
            // Both kept their sessions, sealed with the PINs finally chosen.
            #expect(try runner.users().map(\.state) == ["loggedIn", "loggedIn"])
            #expect(try runner.roster(["token", "joe", "--pin-stdin"], stdin: "\(Self.joePIN)\n").status == 0)
            #expect(try runner.roster(["token", "emma", "--pin-stdin"], stdin: "\(Self.emmaPIN)\n").status == 0)
        }

        /// Kiosk mode under a real terminal: no key a person knows leaves it, q asks for the admin
        /// PIN, a wrong one is said and counted, the right one ends it; without an admin PIN set,
        /// a kiosk is refused before the screen is taken.
        // BEHAVIOURS 54
        @Test func nobodyWalksOutOfAKiosk() throws {
            let home = try CommandRunner.temporaryDirectory("kiosk")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            try logIn(["joe@example.com"], on: runner)
            let refused = try TmuxSession(command: [SwitcherTests.roster, "ui", "--kiosk"], environment: runner.environment)
            var screen = try refused.waitFor("[exited 1]")
            #expect(screen.contains("a kiosk takes an admin PIN, and none is set: roster policy --admin-pin"), "\(screen)")

            let adminPIN = "31907264"
            expectSuccess(try runner.roster(["policy", "--admin-pin", "--pin-stdin"], stdin: "\(adminPIN)\n"))
            let session = try TmuxSession(command: [SwitcherTests.roster, "ui", "--kiosk"], environment: runner.environment)
            screen = try session.waitFor("q leave (admin PIN)")
            #expect(screen.contains("* joe@example.com"))
            // Ctrl-Z and Ctrl-\ say so and stay; Ctrl-C and q open the admin PIN box.
            for key in ["C-z", "C-\\"] {
                try session.send(key, literal: false)
                try session.waitFor("This terminal is a kiosk: q, then the admin PIN, leaves Roster")
                try session.send("j")
            }
            try session.send("C-c", literal: false)
            try session.waitFor("Kiosk · Admin PIN")
            try session.send("Escape", literal: false)
            try session.waitUntilGone("Kiosk · Admin PIN")
            try session.send("q")
            try session.waitFor("leaving Roster needs the admin PIN")
            try session.send("q1111")
            screen = try session.waitFor("Admin PIN: ****_")
            try session.send("Enter", literal: false)
            screen = try session.waitFor("Wrong admin PIN")
            #expect(!screen.contains("[exited"), "a wrong PIN leaves nothing")
            try session.send(adminPIN)
            try session.send("Enter", literal: false)
            screen = try session.waitFor("[exited 0]")
            #expect(!screen.contains(adminPIN))
            let history = try runner.roster(["history"]).stdout
            #expect(history.contains("wrong admin PIN") && history.contains("leaving the kiosk"), "\(history)")
        }

        /// Logs the demo users in with their passwords on stdin, in this order, under `open`.
        private func logIn(_ emails: [String], on runner: CommandRunner, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let passwords = ["joe@example.com": "passw0rd", "emma@example.com": "pa55word"]
            for email in emails {
                let result = try runner.roster(["login", "--email", email, "--password-stdin"], stdin: "\(passwords[email] ?? "")\n")
                expectSuccess(result, sourceLocation: sourceLocation)
            }
        }

        private func expectSuccess(_ result: CommandRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        }
    }
}
