import Foundation
import RosterWire
import Testing

/// `eval "$(roster unlock USER)"` under `pin`: the PIN asked once, then `ROSTER_SESSION` opens
/// the user's session for later commands without asking; refused on another device, after its
/// idle time, when changed, and for another user, whose PIN is still asked for.
extension EndToEndTests {
    @Suite("roster unlock: a short-lived session value instead of the PIN")
    struct UnlockSessionCommandTests {
        static let joePIN = "73915284"
        static let emmaPIN = "26048173"

        /// A device under `pin` with Joe and Emma logged in, each with a PIN.
        struct Device {
            let home: URL
            let runner: CommandRunner
            var deviceDirectory: URL { home.appendingPathComponent("devices/embedded/roster-demo") }
            var sessionsDirectory: URL { deviceDirectory.appendingPathComponent("unlock-sessions") }

            init(_ name: String) throws {
                home = try CommandRunner.temporaryDirectory(name)
                var runner = CommandRunner(home: home)
                runner.environment["PATH"] = CommandRunner.binaries.path + ":/usr/bin:/bin"
                self.runner = runner
                #expect(try runner.roster(["policy", "pin"]).status == 0)
                for (email, password, pin) in [("joe@example.com", "passw0rd", joePIN), ("emma@example.com", "pa55word", emmaPIN)] {
                    let login = try runner.roster(["login", "--email", email, "--password-stdin", "--pin-stdin"], stdin: "\(password)\n\(pin)\n")
                    #expect(login.status == 0, "\(login.stderr)")
                }
            }

            /// The value `roster unlock joe` gives, the PIN on stdin.
            func unlock(_ extra: [String] = []) throws -> String {
                let result = try runner.roster(["unlock", "joe", "--pin-stdin"] + extra, stdin: "\(joePIN)\n")
                #expect(result.status == 0, "\(result.stderr)")
                let match = try #require(result.stdout.firstMatch(of: #/^export ROSTER_SESSION='(rs1_[0-9a-f_]+)'\n$/#), "\(result.stdout)")
                return String(match.1)
            }

            /// `roster ARGUMENTS` with `ROSTER_SESSION` set and nothing on stdin.
            func withSession(_ value: String, _ arguments: [String]) throws -> CommandRunner.Result {
                var runner = runner
                runner.environment["ROSTER_SESSION"] = value
                return try runner.roster(arguments, stdin: "")
            }
        }

        /// The PIN once, in a shell's eval, then pin-guarded commands of that shell without it;
        /// the value holds no PIN, and no history line holds the value.
        @Test func unlockOnceThenCommandsDoNotAsk() throws {
            let device = try Device("unlock-eval")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let joe = try #require(try device.runner.users().first { $0.email == "joe@example.com" })
            // Without it, the PIN is asked for.
            let asked = try device.runner.roster(["token", "joe"], stdin: "")
            #expect(asked.status == 1 && asked.stderr.contains("no PIN given"), "\(asked.stderr)")

            let script = #"eval "$(printf '%s\n' "$0" | roster unlock joe --pin-stdin)" && roster token joe </dev/null && roster custom-data joe </dev/null"#
            let ran = try device.runner.run("/bin/bash", ["--norc", "-c", script, Self.joePIN], stdin: nil)
            #expect(ran.status == 0, "\(ran.stderr)")
            let token = try #require(ran.stdout.split(separator: "\n").first.map(String.init))
            #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: token).sub == joe.id)
            #expect(ran.stdout.contains("green"), "Joe's custom data: \(ran.stdout)")

            let value = try device.unlock()
            #expect(!value.contains(Self.joePIN))
            // The value names its record (the script's unlock made another one beside it).
            let parts = value.split(separator: "_").map(String.init)
            #expect(parts.count == 3 && parts[0] == "rs1", "\(value.prefix(4))…")
            let record = try #require(parts.count == 3 ? parts[1] : nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: device.sessionsDirectory.path).contains(record))
            let mode = try FileManager.default.attributesOfItem(atPath: device.sessionsDirectory.appendingPathComponent(record).path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let exec = try device.withSession(value, ["exec", "joe", "--", "sh", "-c", "test -n \"$ROSTER_ACCESS_TOKEN\""])
            #expect(exec.status == 0, "exec takes the value too: \(exec.stderr)")
            // For Emma it is no concern: her PIN is asked for, and nothing is said of the value.
            let emma = try device.withSession(value, ["token", "emma"])
            #expect(emma.status == 1 && emma.stderr.contains("no PIN given") && !emma.stderr.contains("ROSTER_SESSION"), "\(emma.stderr)")
            let history = try device.runner.roster(["history"]).stdout
            #expect(!history.contains(String(value.suffix(16))))
        }

        /// Idle past its time, changed by one digit, of another device (even with its record
        /// copied there), or made before the PIN changed: refused in words, and the PIN asked.
        @Test func anIdleForeignOrChangedValueIsRefused() throws {
            let device = try Device("unlock-refused")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let value = try device.unlock(["--idle", "5m"])
            #expect(try device.withSession(value, ["token", "joe"]).status == 0)

            // One digit changed.
            let last = value.last == "0" ? "1" : "0"
            let changed = try device.withSession(String(value.dropLast()) + last, ["token", "joe"])
            #expect(changed.status == 1 && changed.stderr.contains("does not open its unlock session on this device"), "\(changed.stderr)")

            // Another device: the same people logged in there, the record copied too.
            let other = try Device("unlock-other-device")
            defer { try? FileManager.default.removeItem(at: other.home) }
            let foreign = try other.withSession(value, ["token", "joe"])
            #expect(foreign.status == 1 && foreign.stderr.contains("names no unlock session on this device"), "\(foreign.stderr)")
            try FileManager.default.copyItem(at: device.sessionsDirectory, to: other.sessionsDirectory)
            let copied = try other.withSession(value, ["token", "joe"])
            #expect(copied.status == 1 && copied.stderr.contains("does not open its unlock session on this device"), "\(copied.stderr)")

            // Unused for longer than its idle time: the record says when it was last used.
            let record = try #require(try FileManager.default.contentsOfDirectory(atPath: device.sessionsDirectory.path).first)
            let url = device.sessionsDirectory.appendingPathComponent(record)
            var fields = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let lastUsed = try #require(fields["lastUsed"] as? Double)
            fields["lastUsed"] = lastUsed - 301
            try JSONSerialization.data(withJSONObject: fields).write(to: url)
            let idle = try device.withSession(value, ["token", "joe"])
            #expect(idle.status == 1 && idle.stderr.contains("went unused for more than 5 min and has ended"), "\(idle.stderr)")
            #expect(!FileManager.default.fileExists(atPath: url.path), "an ended session's record is deleted")

            // Made before the PIN changed.
            let before = try device.unlock()
            #expect(try device.runner.roster(["pin", "joe", "--pin-stdin"], stdin: "\(Self.joePIN)\n48205731\n").status == 0)
            let stale = try device.withSession(before, ["token", "joe"])
            #expect(stale.status == 1 && stale.stderr.contains("run roster unlock again"), "\(stale.stderr)")
        }

        /// `roster delete`, removing someone from the device and their account, takes the value
        /// as the other subcommands do: it opens only what the PIN would.
        @Test func deleteTakesTheValueInsteadOfThePIN() throws {
            let device = try Device("unlock-delete")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let asked = try device.runner.roster(["delete", "joe", "--yes"], stdin: "")
            #expect(asked.status == 1 && asked.stderr.contains("no PIN given"), "\(asked.stderr)")
            let value = try device.unlock()
            let emma = try device.withSession(value, ["delete", "emma", "--yes"])
            #expect(emma.status == 1 && emma.stderr.contains("no PIN given"), "a value for Joe opens nothing of Emma's: \(emma.stderr)")
            let deleted = try device.withSession(value, ["delete", "joe", "--yes"])
            #expect(deleted.status == 0, "\(deleted.stderr)")
            #expect(deleted.stdout.contains("Deleted the account of joe@example.com."), "\(deleted.stdout)")
            #expect(try device.runner.users().map(\.email) == ["emma@example.com"])
        }
    }
}
