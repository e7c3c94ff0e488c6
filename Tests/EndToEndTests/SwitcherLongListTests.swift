import Foundation
import Testing

/// The real switcher on a device with more users than one window (BEHAVIOURS 57): filled by
/// `roster-bench switcher --scales`, which times it at each size, then driven under tmux. The
/// title counts everyone, End reaches the last by name, `/` is answered by the store, and
/// `f` jumps to a match far past the rows first read.
extension EndToEndTests {
    @Suite("switcher with a long list")
    struct SwitcherLongListTests {
        @Test func aLongListIsReadAWindowAtATime() throws {
            let root = try CommandRunner.temporaryDirectory("switcher-long-list")
            defer { try? FileManager.default.removeItem(at: root) }
            let bench = try CommandRunner(home: root).rosterBench([
                "switcher", "--scales", "100,700", "--real-users", "4", "--startups", "1", "--home", root.path,
            ])
            #expect(bench.status == 0, "\(bench.stderr)")
            for measure in ["first paint, median", "key to frame, p99", "memory once settled"] {
                #expect(bench.stdout.contains(measure), "\(bench.stdout)")
            }

            // The fixture: 4 people logged in, two by email (user0@ and user3@example.com), and
            // copies of them (`DeviceCopies`), a copy's email "copy<n>.user0@example.com".
            let runner = CommandRunner(home: root.appendingPathComponent("700-users"))
            let session = try TmuxSession(command: [SwitcherTests.roster, "ui", "--sort", "name"], environment: runner.environment)
            #expect(try session.waitFor("Roster · 700 users").contains("q quit"))
            try session.send("End", literal: false)
            _ = try session.waitFor("700/700")
            try session.send("Home", literal: false)
            // By name, the copies' emails ("copy1.…") come first, once the read for them is in
            // (a frame shows the rows not yet read as "…").
            _ = try session.waitFor("1/700")
            #expect(Self.selected(in: try session.waitFor("copy1.user0@example")).contains("copy1.user0@example"))

            // The store filters, without case: one copy holds "copy17.user0" (not 170 to 174).
            try session.send("/")
            try session.send("COPY17.USER0")
            let filtered = try session.waitFor("1 of 700 users")
            #expect(filtered.contains("filter: /COPY17.USER0") && filtered.contains("copy17.user0@example.com"), "\(filtered)")
            try session.send("Escape", literal: false)
            try session.send("Escape", literal: false)
            _ = try session.waitUntilGone("filter:")

            // Find as you type jumps to a match far past the rows first read.
            try session.send("g")
            try session.send("f")
            try session.send("copy150.user3")
            let found = try session.waitFor("find: copy150.user3_ · 1 of 1")
            #expect(Self.selected(in: found).contains("copy150.user3@example"), "\(found)")
            try session.send("Enter", literal: false)
            try session.send("q")
            #expect(try session.waitFor("[end]").contains("[exited 0]"))
        }

        /// The list's side of the selected row (marked `>`).
        static func selected(in screen: String) -> String {
            let row = screen.split(separator: "\n").first { $0.drop { $0 == " " }.hasPrefix("> ") } ?? ""
            return String(row.split(separator: "│", maxSplits: 1).first ?? "")
        }
    }
}
