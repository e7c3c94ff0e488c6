import Foundation
import RosterWire
import Testing

/// `roster env` and `roster exec`: a user's fresh access token, id, name, server and app for
/// other programs, as each shell reads them back byte for byte, with nothing of a hostile name
/// run; and a command run with them in its environment, ending as it ends.
extension EndToEndTests {
    @Suite("roster env and exec: credentials for other programs")
    struct CredentialsForProgramsTests {
        /// A name a custom JWT's issuer chose, written to run code in every shell that reads it
        /// unquoted or half-quoted.
        static let hostileName = #"Zoë '$(touch PWNED)' "`touch PWNED`" \' \\ ; $HOME %n !! ${IFS}"#

        /// A device with Joe (email) and Zoë (custom JWT, the hostile name), Zoë active.
        struct Device {
            let home: URL
            let runner: CommandRunner

            init(_ name: String) throws {
                home = try CommandRunner.temporaryDirectory(name)
                var runner = CommandRunner(home: home)
                runner.environment["PATH"] = CommandRunner.binaries.path + ":/usr/bin:/bin"
                self.runner = runner
                #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
                let database = home.appendingPathComponent("embedded/server.sqlite").path
                let minted = try runner.rosterServer(["admin", "--db", database, "--demo", "mint-jwt", "--sub", "zoe-9", "--name", hostileName])
                #expect(minted.status == 0, "mint-jwt: \(minted.stderr)")
                let login = try runner.roster(["login", "--jwt-stdin"], stdin: minted.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "\n")
                #expect(login.status == 0, "\(login.stderr)")
            }

            /// The variables `roster env USER --format json` prints.
            func json(_ user: String) throws -> [String: String] {
                let result = try runner.roster(["env", user, "--format", "json"])
                #expect(result.status == 0, "\(result.stderr)")
                return try JSONDecoder().decode([String: String].self, from: Data(result.stdout.utf8))
            }

            /// What `shell` prints of each variable, one a line, after reading `roster env`'s
            /// output in `format` as that shell does; run in the home, where PWNED would land.
            func readBack(_ user: String, format: String, shell: [String], reading: String) throws -> [String: String] {
                let output = try runner.roster(["env", user, "--format", format])
                #expect(output.status == 0, "\(format): \(output.stderr)")
                let file = home.appendingPathComponent("vars.\(format)")
                try Data(output.stdout.utf8).write(to: file)
                let names = Self.names
                let printing = names.map { "printf '%s\\n' \"$\($0)\"" }.joined(separator: "; ")
                let script = "cd '\(home.path)' && " + reading.replacingOccurrences(of: "FILE", with: file.path) + "; " + printing
                let ran = try runner.run(shell[0], Array(shell.dropFirst()) + [script], stdin: nil)
                #expect(ran.status == 0, "\(shell[0]) \(format): \(ran.stderr)")
                let lines = ran.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                return Dictionary(uniqueKeysWithValues: zip(names, lines))
            }

            static let names = ["ROSTER_USER", "ROSTER_USER_ID", "ROSTER_USER_NAME", "ROSTER_ACCESS_TOKEN", "ROSTER_SERVER_URL", "ROSTER_APP_ID"]
        }

        /// Each format, read back by bash and zsh (`sh`), fish (`fish`), bash's `set -a; .`
        /// (`dotenv`), and a JSON parser (`json`), gives the same values, the hostile name
        /// among them byte for byte, and runs nothing of it.
        @Test func eachFormatIsReadBackByItsShellWithNothingOfTheNameRun() throws {
            let device = try Device("env-formats")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let users = try device.runner.users()
            let zoe = try #require(users.first { $0.name == Self.hostileName })
            let truth = try device.json(zoe.id)
            #expect(Set(truth.keys) == Set(Device.names), "\(truth.keys)")
            #expect(truth["ROSTER_USER"] == zoe.id && truth["ROSTER_USER_ID"] == zoe.id && truth["ROSTER_USER_NAME"] == Self.hostileName)
            #expect(truth["ROSTER_APP_ID"] == "roster-demo" && truth["ROSTER_SERVER_URL"] == "")
            let token = try #require(truth["ROSTER_ACCESS_TOKEN"])
            #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: token).sub == zoe.id)

            let readers: [(format: String, shell: [String], reading: String)] = [
                ("sh", ["/bin/bash", "--norc", "-c"], #"eval "$(cat 'FILE')""#),
                ("sh", ["/usr/bin/zsh", "-f", "-c"], #"eval "$(cat 'FILE')""#),
                ("sh", ["/bin/sh", "-c"], #"eval "$(cat 'FILE')""#),
                ("fish", ["/usr/bin/fish", "--no-config", "-c"], "source 'FILE'"),
            ]
            for reader in readers {
                let read = try device.readBack(zoe.id, format: reader.format, shell: reader.shell, reading: reader.reading)
                for name in Device.names where name != "ROSTER_ACCESS_TOKEN" {
                    #expect(read[name] == truth[name], "\(reader.shell[0]) read \(name) as \(read[name] ?? "nothing")")
                }
                #expect(read["ROSTER_ACCESS_TOKEN"].map { $0.split(separator: ".").count == 3 } == true)
            }
            // A .env file cannot hold such a name the same way for every reader: refused, in words.
            let dotenv = try device.runner.roster(["env", zoe.id, "--format", "dotenv"])
            #expect(dotenv.status == 1 && dotenv.stdout.isEmpty && dotenv.stderr.contains("ROSTER_USER_NAME holds a quote"), "\(dotenv.stderr)")
            let joe = try device.readBack("joe", format: "dotenv", shell: ["/bin/bash", "--norc", "-c"], reading: "set -a; . 'FILE'; set +a")
            #expect(joe["ROSTER_USER_NAME"] == "joe@example.com" && joe["ROSTER_USER"] == users.first { $0.email == "joe@example.com" }?.id)
            #expect(!FileManager.default.fileExists(atPath: device.home.appendingPathComponent("PWNED").path), "the name ran as code")

            // Read back, ROSTER_USER makes later commands act as Zoë while Joe is active.
            #expect(try device.runner.roster(["switch", "joe"]).status == 0)
            let pinned = try device.runner.run(
                "/bin/bash", ["--norc", "-c", "eval \"$(roster env \(zoe.id))\" && roster whoami --short && roster whoami | sed -n 2p"], stdin: nil)
            #expect(pinned.stdout.hasPrefix(Self.hostileName + "\n") && pinned.stdout.contains("ROSTER_USER names them"), "\(pinned.stdout)")
        }

        /// `exec` gives the command the variables in its environment, not its arguments, a
        /// token file only its owner reads, and ends with the command's exit status; the file is
        /// gone after. A command that is not there is 127, as in a shell.
        @Test func execPassesTheVariablesAndTheExitStatus() throws {
            let device = try Device("env-exec")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let joe = try #require(try device.runner.users().first { $0.email == "joe@example.com" })
            let script = #"""
                printf '%s\n' "$ROSTER_USER" "$ROSTER_USER_ID" "$ROSTER_USER_NAME" "$ROSTER_APP_ID" "$ROSTER_ACCESS_TOKEN" "$ROSTER_ACCESS_TOKEN_FILE" "$#"
                cat "$ROSTER_ACCESS_TOKEN_FILE"; echo; stat -c %a "$ROSTER_ACCESS_TOKEN_FILE" "$(dirname "$ROSTER_ACCESS_TOKEN_FILE")"
                exit 7
                """#
            let ran = try device.runner.roster(["exec", "joe", "--", "/bin/sh", "-c", script])
            #expect(ran.status == 7, "\(ran.stderr)")
            let lines = ran.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 10, "\(lines)")
            guard lines.count == 10 else { return }
            #expect(lines[0] == joe.id && lines[1] == joe.id && lines[2] == "joe@example.com" && lines[3] == "roster-demo")
            #expect(try UnverifiedJWT.claims(AccessTokenClaims.self, of: lines[4]).sub == joe.id)
            #expect(lines[6] == "0", "no arguments but the script's")
            #expect(lines[7] == lines[4], "the token file holds the token")
            #expect(lines[8] == "600" && lines[9] == "700")
            #expect(!FileManager.default.fileExists(atPath: lines[5]), "the token file outlived the command")

            // Through PATH, the active user when none is named, and a shell's own exit status.
            let active = try device.runner.roster(["exec", "--", "sh", "-c", #"test "$ROSTER_USER_NAME" = "$0" && exit 3"#, Self.hostileName])
            #expect(active.status == 3, "\(active.stderr)")
            let missing = try device.runner.roster(["exec", "--", "no-such-command-here"])
            #expect(missing.status == 127 && missing.stderr.contains("no-such-command-here: command not found"), "\(missing.stderr)")
            let none = try device.runner.roster(["exec", "joe"])
            #expect(none.status == 2 && none.stderr.contains("say which command to run"), "\(none.stderr)")
        }

        /// A signal sent to `roster exec` reaches the command, whose exit is Roster's; a command
        /// killed by a signal kills Roster by the same one.
        @Test(.timeLimit(.minutes(2))) func execPassesSignalsOn() throws {
            let device = try Device("env-exec-signals")
            defer { try? FileManager.default.removeItem(at: device.home) }
            let roster = CommandRunner.binaries.appendingPathComponent("roster").path
            let trapping = #"trap 'echo got-term; exit 9' TERM; echo ready; while :; do sleep 0.1; done"#
            let child = try ChildProcess(
                path: roster, ["exec", "joe", "--", "/bin/sh", "-c", trapping], environment: device.runner.environment, stdout: .pipe)
            // Reads below block: were a signal lost, the command would loop on and the test with
            // it, past any time limit. After a minute the command and Roster are killed instead,
            // so the reads end and the expectations say what went wrong.
            let rosterPID = child.pid
            let watchdog = DispatchWorkItem {
                let children = (try? String(contentsOfFile: "/proc/\(rosterPID)/task/\(rosterPID)/children", encoding: .utf8)) ?? ""
                for pid in children.split(separator: " ").compactMap({ pid_t($0) }) { kill(pid, SIGKILL) }
                kill(rosterPID, SIGKILL)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
            defer { watchdog.cancel() }
            #expect(child.readLines { $0.contains("ready") }.contains("ready"))
            child.signal(SIGTERM)
            #expect(child.readLines { $0.contains("got-term") }.contains("got-term"))
            #expect(child.wait() == 9)

            let killed = try device.runner.roster(["exec", "joe", "--", "/bin/sh", "-c", "kill -USR1 $$"])
            #expect(killed.status == 128 + SIGUSR1, "\(killed.stderr)")
        }
    }
}
