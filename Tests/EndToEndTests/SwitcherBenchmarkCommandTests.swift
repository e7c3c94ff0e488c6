import Foundation
import Testing

/// `roster-bench switcher` fills a device and times the real `roster ui`; with
/// `--against-roster` it times another build's start-up in turns over copies of that device.
extension EndToEndTests {
    @Suite("roster-bench switcher end to end")
    struct SwitcherBenchmarkCommandTests {
        /// Here the other build is the same roster: both sides start, draw their first frame and
        /// quit, round after round, and the ratio line is judged against its target.
        @Test func startUpsAreTimedInTurnsAgainstAnotherBuild() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-benchmark")
            defer { try? FileManager.default.removeItem(at: home) }
            let roster = CommandRunner.binaries.appendingPathComponent("roster").path
            let run = try CommandRunner(home: home).rosterBench(["switcher", "--users", "30", "--startups", "2", "--against-roster", roster])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            for side in ["this build", "the other build"] {
                let line = try #require(lines.first { $0.hasPrefix("  start-up, \(side) ") }, "\(run.stdout)")
                #expect(line.contains("ms median") && line.contains("(2 runs)"), "\(line)")
            }
            let ratio = try #require(lines.first { $0.contains("this build's start-up over the other's") }, "\(run.stdout)")
            #expect(ratio.hasSuffix(": met") || ratio.hasSuffix(": MISSED"), "\(ratio)")
            #expect(lines.contains { $0.contains("MiB this build") && $0.contains("MiB the other") }, "\(run.stdout)")
            let missing = try CommandRunner(home: home).rosterBench(["switcher", "--users", "5", "--startups", "1", "--against-roster", "/nonexistent/roster"])
            #expect(missing.status != 0 && missing.stderr.contains("no roster at /nonexistent/roster"), "\(missing.stderr)")
        }

        /// Started by its name through `PATH`, from a folder that holds no `roster`, it still
        /// finds the `roster` of Roster's build: beside itself, or one package up from the
        /// benchmarks' when built there (no other folder on `PATH` holds a `roster`).
        @Test func startedThroughPATHItFindsTheRosterOfRostersBuild() throws {
            let home = try CommandRunner.temporaryDirectory("switcher-benchmark-path")
            defer { try? FileManager.default.removeItem(at: home) }
            var runner = CommandRunner(home: home)
            let folder = URL(fileURLWithPath: try CommandRunner.rosterBenchPath()).deletingLastPathComponent()
            runner.environment["PATH"] = folder.path + ":/usr/bin:/bin"
            let run = try runner.run("/bin/sh", ["-c", "cd '\(home.path)' && exec roster-bench switcher --users 5 --startups 1"], stdin: nil)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("start-up to first paint") && run.stdout.contains("a real `roster ui`"), "\(run.stdout)")
        }
    }
}
