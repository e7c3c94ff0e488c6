import Foundation
import Testing

/// The first `roster` on a machine: it makes the embedded server's store and seeds the demo app,
/// and says so on the terminal until the switcher's first frame.
extension EndToEndTests {
    @Suite("the first start")
    struct FirstStartTests {
        static let line = "Preparing the demo app (first start)…"

        @Test func theFirstStartSaysWhatItIsDoingAndTheNextDoesNot() throws {
            let home = try CommandRunner.temporaryDirectory("first-start")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for first in [true, false] {
                let session = try TmuxSession(command: [SwitcherTests.roster], environment: runner.environment)
                try session.waitFor("No users yet. Press n to log in.")
                try session.send("q")
                // The switcher gives the screen back, and the line it wrote before is there.
                let after = try session.waitFor("[exited 0]")
                #expect(after.contains(Self.line) == first, "\(after)")
            }
        }

        @Test func aScriptIsNotTold() throws {
            let home = try CommandRunner.temporaryDirectory("first-start-piped")
            defer { try? FileManager.default.removeItem(at: home) }
            let result = try CommandRunner(home: home).roster(["users"])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
    }
}
