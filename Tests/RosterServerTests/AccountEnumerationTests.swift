import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Whether an email has an account does not show in the answers that App Services' texts leave
/// alike: a log-in with a wrong password and one with an unknown email, and `reset/send`, are
/// the same in status and body, and do the same work (docs/SECURITY.md, "Known and unknown
/// emails", lists those that differ and why). How long each takes, known against unknown in one
/// run, is `roster-bench accounts` (docs/BENCHMARKS.md).
@Suite struct AccountEnumerationTests {
    static func app(outbox: OutboxConfig? = nil) -> AppConfig {
        var config = TestConfig.app(outbox: outbox)
        config.limits = LimitsConfig(freeFailures: 100, accountMessagesPerEmailPerHour: 100, functionsPerApp: 8, functionsPerCaller: 4)
        return config
    }

    /// An unknown email's log-in waits for a place in the hashing pool as a wrong password's
    /// does: it hashes, so it cannot answer sooner.
    @Test func aWrongPasswordAndAnUnknownEmailAreAnsweredAlikeAfterAHash() async throws {
        let pool = HashingPool(width: 1, queueLimit: 4, waitLimit: .seconds(60))
        let t = try await TestServer.make(Self.app(), hashing: pool)
        #expect(await t.register("ann@example.com", "secret-12").status == 201)
        let gate = HashingPoolTests.Gate()
        let holder = Task { try await pool.run { gate.wait() } }
        try await HashingPoolTests.until(pool, running: 1, waiting: 0)
        let known = Task { await t.emailLogin("ann@example.com", "wrong-password") }
        try await HashingPoolTests.until(pool, running: 1, waiting: 1)
        let unknown = Task { await t.emailLogin("zed@example.com", "wrong-password") }
        try await HashingPoolTests.until(pool, running: 1, waiting: 2)
        gate.open()
        try await holder.value
        let (knownAnswer, unknownAnswer) = (await known.value, await unknown.value)
        #expect(knownAnswer.status == 401 && knownAnswer.errorCode == "InvalidPassword")
        #expect(unknownAnswer.status == knownAnswer.status && unknownAnswer.body == knownAnswer.body)
    }

    /// The outbox command blocks until the test lets it go, as a stuck mail gateway may: a known
    /// email's answer does not wait for it (one that did would never come, and the time limit
    /// would end the test), and the command still gets each message after the answers.
    @Test(.timeLimit(.minutes(2))) func resetSendIsAnsweredAlikeEvenWithAStuckOutboxCommand() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sent = directory.appendingPathComponent("sent")
        let release = directory.appendingPathComponent("release")
        let stuck = FunctionConfig(
            command: ["/bin/sh", "-c", "cat >> '\(sent.path)'; while [ -e '\(sent.path)' ] && [ ! -e '\(release.path)' ]; do sleep 0.1; done"],
            timeoutSeconds: 300)
        for outbox in [nil, OutboxConfig(command: stuck)] {
            let what = outbox == nil ? "directory" : "command"
            let t = try await TestServer.make(Self.app(outbox: outbox))
            #expect(await t.register("ann@example.com", "secret-12").status == 201)
            for _ in 1...3 {
                let known = await t.emailRoute(.resetSend, ["email": "ann@example.com"])
                let unknown = await t.emailRoute(.resetSend, ["email": "zed@example.com"])
                #expect(known.status == 204 && unknown.status == known.status && unknown.body == known.body, "\(what)")
            }
            #expect(!FileManager.default.fileExists(atPath: release.path), "\(what): answered with the command still held")
            if outbox == nil {
                #expect(try t.outboxMessages().map(\.to) == Array(repeating: "ann@example.com", count: 3))
            } else {
                // The command started for each known email's message, after the answers.
                var delivered = 0
                for _ in 0..<600 where delivered < 3 {
                    delivered = ((try? String(contentsOf: sent, encoding: .utf8)) ?? "").components(separatedBy: "\"kind\" : \"reset\"").count - 1
                    if delivered < 3 { try await Task.sleep(for: .milliseconds(100)) }
                }
                #expect(delivered == 3)
                #expect(!((try? String(contentsOf: sent, encoding: .utf8)) ?? "").contains("zed@example.com"))
                FileManager.default.createFile(atPath: release.path, contents: nil)
            }
        }
    }
}
