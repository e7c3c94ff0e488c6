import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Whether an email has an account does not show in the answers that App Services' texts leave
/// alike: a log-in with a wrong password and one with an unknown email, and `reset/send`, are
/// the same in status, body and time (docs/SECURITY.md, "Known and unknown emails", lists those
/// that differ and why). Times are compared within one run, known and unknown in turn.
@Suite struct AccountEnumerationTests {
    static func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

    /// Times `known` and `unknown` in alternating rounds: their answers, and the median times.
    static func compare(
        rounds: Int, known: () async -> WireResponse, unknown: () async -> WireResponse
    ) async -> (known: [WireResponse], unknown: [WireResponse], knownTime: Duration, unknownTime: Duration) {
        var answers: ([WireResponse], [WireResponse]) = ([], [])
        var times: ([Duration], [Duration]) = ([], [])
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            var started = clock.now
            answers.0.append(await known())
            times.0.append(clock.now - started)
            started = clock.now
            answers.1.append(await unknown())
            times.1.append(clock.now - started)
        }
        return (answers.0, answers.1, median(times.0), median(times.1))
    }

    static func app(outbox: OutboxConfig? = nil) -> AppConfig {
        var config = TestConfig.app(outbox: outbox)
        // A hash that costs more than the rest of a request, so that skipping it would show.
        config.passwordHashing = PasswordHashingConfig(logN: 14, r: 8, p: 1)
        config.limits = LimitsConfig(freeFailures: 100, accountMessagesPerEmailPerHour: 100, functionsPerApp: 8, functionsPerCaller: 4)
        return config
    }

    @Test func aWrongPasswordAndAnUnknownEmailAreAnsweredAlikeInTheSameTime() async throws {
        let t = try await TestServer.make(Self.app())
        #expect(await t.register("ann@example.com", "secret-12").status == 201)
        let result = await Self.compare(
            rounds: 7, known: { await t.emailLogin("ann@example.com", "wrong-password") },
            unknown: { await t.emailLogin("zed@example.com", "wrong-password") })
        #expect(zip(result.known, result.unknown).allSatisfy { $0.status == 401 && $0.status == $1.status && $0.body == $1.body })
        // Loose, for a machine busy with other suites: an unknown email that skipped the hash
        // would answer in a small fraction of the time.
        let ratio = result.unknownTime / result.knownTime
        #expect(ratio > 0.35 && ratio < 2.9, "known \(result.knownTime), unknown \(result.unknownTime)")
    }

    /// The outbox is a command that takes 20 s, as a stuck mail gateway may: a known email's
    /// answer must not wait for it. (The bound on the gap is loose, for a machine busy with other
    /// suites; a known email's answer that waited for the command would miss it by 15 s.)
    @Test func resetSendIsAnsweredAlikeInTheSameTimeEvenWithASlowOutboxCommand() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sent = directory.appendingPathComponent("sent")
        let slow = FunctionConfig(command: ["/bin/sh", "-c", "cat >> '\(sent.path)'; sleep 20"], timeoutSeconds: 30)
        for outbox in [nil, OutboxConfig(command: slow)] {
            let t = try await TestServer.make(Self.app(outbox: outbox))
            #expect(await t.register("ann@example.com", "secret-12").status == 201)
            let result = await Self.compare(
                rounds: 3, known: { await t.emailRoute(.resetSend, ["email": "ann@example.com"]) },
                unknown: { await t.emailRoute(.resetSend, ["email": "zed@example.com"]) })
            let what = outbox == nil ? "directory" : "command"
            #expect(zip(result.known, result.unknown).allSatisfy { $0.status == 204 && $0.status == $1.status && $0.body == $1.body })
            #expect(result.unknownTime >= .milliseconds(250), "\(what): held")
            let gap = result.knownTime > result.unknownTime ? result.knownTime - result.unknownTime : result.unknownTime - result.knownTime
            #expect(gap < .seconds(5), "\(what): known \(result.knownTime), unknown \(result.unknownTime)")
            if outbox == nil {
                #expect(try t.outboxMessages().filter { $0.to == "ann@example.com" }.count == 3)
            } else {
                // The command started for each known email's message, after the answers.
                var delivered = 0
                for _ in 0..<200 where delivered < 3 {
                    try await Task.sleep(for: .milliseconds(100))
                    delivered = ((try? String(contentsOf: sent, encoding: .utf8)) ?? "").components(separatedBy: "\"kind\" : \"reset\"").count - 1
                }
                #expect(delivered == 3)
            }
        }
    }
}
