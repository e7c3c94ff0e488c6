import Foundation
import Synchronization
import Testing

/// `roster events`: the device's session events, one line each, as other `roster` processes
/// make them (BEHAVIOURS 58).
extension EndToEndTests {
    @Suite("roster events")
    struct EventsCommandTests {
        /// A `roster events` running in the background, killed if the test hangs past `guardSeconds`
        /// (a line that never comes would otherwise block the read for ever).
        final class Watching {
            let child: ChildProcess
            private let finished = Finished()

            final class Finished: Sendable {
                private let done = Mutex(false)
                var isDone: Bool { done.withLock { $0 } }
                func set() { done.withLock { $0 = true } }
            }

            init(_ arguments: [String], runner: CommandRunner, guardSeconds: Double = 180) throws {
                child = try ChildProcess(
                    path: CommandRunner.binaries.appendingPathComponent("roster").path, ["events"] + arguments,
                    environment: runner.environment, stdout: .pipe)
                let pid = child.pid
                DispatchQueue.global().asyncAfter(deadline: .now() + guardSeconds) { [finished] in
                    if !finished.isDone { kill(pid, SIGKILL) }
                }
            }

            /// Every line so far.
            private(set) var seen: [String] = []

            /// Every line so far, once there are `count` (fewer when the output ended).
            func lines(_ count: Int) -> [String] {
                let wanted = count - seen.count
                if wanted > 0 { seen += child.readLines { $0.count >= wanted } }
                return seen
            }

            /// Interrupts it as Ctrl-C does: its exit status.
            func interrupt() -> Int32 {
                child.signal(SIGINT)
                let status = child.wait()
                finished.set()
                return status
            }

            deinit {
                if !finished.isDone {
                    child.signal(SIGKILL)
                    child.wait()
                }
            }
        }

        static func fields(_ line: String) -> [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }

        /// Event and user of a JSON line.
        static func summary(_ line: String) -> String {
            let fields = fields(line)
            return "\(fields["event"] as? String ?? "?") \(fields["user"] as? String ?? "?")"
        }

        // BEHAVIOURS 58
        @Test func aSwitchAndALogOutByAnotherProcessArriveAsJSONLinesAndCtrlCEndsIt() throws {
            let home = try CommandRunner.temporaryDirectory("events")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            #expect(try runner.roster(["login", "--email", "emma@example.com", "--password-stdin"], stdin: "pa55word\n").status == 0)
            let joeId = try #require(try runner.users().first { $0.email == "joe@example.com" }).id

            // From an hour back: the two log-ins, read once it runs, say it is watching.
            let watching = try Watching(["--json", "--since", "1h"], runner: runner)
            let logIns = watching.lines(2)
            #expect(logIns.map(Self.summary) == ["logged-in joe@example.com", "logged-in emma@example.com"])

            #expect(try runner.roster(["switch", "joe@example.com"]).status == 0)
            let switched = watching.lines(3)
            try #require(switched.count == 3)
            #expect(Self.summary(switched[2]) == "switched joe@example.com")
            let fields = Self.fields(switched[2])
            #expect(fields["userId"] as? String == joeId)
            #expect((fields["sequence"] as? Int ?? 0) > (Self.fields(switched[1])["sequence"] as? Int ?? .max))
            #expect((fields["at"] as? String).flatMap(ISO8601DateFormatter().date(from:)) != nil)

            // Emma follows joe out (the `open` policy): two lines.
            #expect(try runner.roster(["logout"]).status == 0)
            let loggedOut = watching.lines(5)
            #expect(loggedOut.dropFirst(3).map(Self.summary) == ["logged-out joe@example.com", "switched emma@example.com"])
            #expect(watching.interrupt() == 0)
        }

        // BEHAVIOURS 58
        @Test func plainLinesSayWhenWhatAndWho() throws {
            let home = try CommandRunner.temporaryDirectory("events-text")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)
            let joeId = try #require(try runner.users().first).id
            let watching = try Watching(["--after", "0"], runner: runner)
            let line = try #require(watching.lines(1).first)
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            #expect(words.count == 2 && ISO8601DateFormatter().date(from: words[0]) != nil, "\(line)")
            #expect(words.last == "logged-in joe@example.com (id \(joeId))")
            #expect(watching.interrupt() == 0)
        }
    }
}
