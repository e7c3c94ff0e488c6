import Foundation
import Logging
import Synchronization
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The server's log lines: swift-log's own line format, written through a buffer that a busy
/// server flushes a few times a second, warnings at once, whole lines in order.
@Suite struct ServerLogHandlerTests {
    /// A log file in a temporary directory, written by a `LogOutput`.
    struct LogFile {
        let url: URL
        let descriptor: Int32

        init() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-log-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            url = directory.appendingPathComponent("server.log")
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            #expect(descriptor >= 0)
        }

        var text: String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        var lines: [String] { text.split(separator: "\n").map(String.init) }

        func close() {
            _ = Foundation.close(descriptor)
            try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
        }
    }

    /// What a `StreamLogHandler` writes, kept in memory.
    final class Captured: TextOutputStream, @unchecked Sendable {
        private let lock = NSLock()
        private var written = ""
        var text: String { lock.withLock { written } }
        func write(_ string: String) { lock.withLock { written += string } }
    }

    @Test func aLineIsTheLineStreamLogHandlerWrites() throws {
        let file = try LogFile()
        defer { file.close() }
        let output = LogOutput(fileDescriptor: file.descriptor, flushInterval: .seconds(3600))
        let captured = Captured()
        var ours = Logger(label: "roster-server") { ServerLogHandler(label: $0, output: output, metadataProvider: nil) }
        var theirs = Logger(label: "roster-server") { StreamLogHandler(label: $0, stream: captured, metadataProvider: nil) }
        ours[metadataKey: "request.id"] = "r-1"
        theirs[metadataKey: "request.id"] = "r-1"
        let before = output.timestamp()
        for logger in [ours, theirs] {
            logger.info("request answered", metadata: ["http.status": .stringConvertible(200), "a.first": "x", "list": ["1", "2"]])
            logger.notice("no metadata of its own")
            logger.error("failed", error: CocoaError(.fileNoSuchFile))
        }
        output.flush()
        // The timestamp (the first word) is the second's; everything after it must match.
        let withoutTimestamp = { (lines: [String]) in lines.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" } }
        let streamLines = captured.text.split(separator: "\n").map(String.init)
        #expect(file.lines.count == 3)
        #expect(withoutTimestamp(file.lines) == withoutTimestamp(streamLines))
        #expect(file.lines[0].hasSuffix(
            "info roster-server: a.first=x http.status=200 list=[\"1\", \"2\"] request.id=r-1 [RosterServerTests] request answered"))
        // Each line's time is the second it was written in: between the two read around them.
        let after = output.timestamp()
        #expect(file.lines.allSatisfy { line in
            let stamp = String(line.prefix(before.count))
            return before <= stamp && stamp <= after
        })
    }

    @Test func infoLinesWaitForTheFlushAndAWarningTakesThemAlong() throws {
        let file = try LogFile()
        defer { file.close() }
        let output = LogOutput(fileDescriptor: file.descriptor, flushInterval: .seconds(3600))
        let logger = Logger(label: "roster-server") { ServerLogHandler(label: $0, output: output) }
        logger.info("first")
        logger.info("second")
        #expect(file.text.isEmpty)
        logger.warning("third")
        #expect(file.lines.map { $0.components(separatedBy: "] ").last } == ["first", "second", "third"])
        logger.info("fourth")
        #expect(file.lines.count == 3)
        output.flush()
        #expect(file.lines.count == 4)
    }

    @Test func aFullBufferIsWrittenWithoutAFlush() throws {
        let file = try LogFile()
        defer { file.close() }
        let output = LogOutput(fileDescriptor: file.descriptor, flushInterval: .seconds(3600), bufferLimit: 200)
        let logger = Logger(label: "roster-server") { ServerLogHandler(label: $0, output: output) }
        var logged = 0
        while file.text.isEmpty && logged < 10 {
            logger.info("a line of some length to fill the buffer")
            logged += 1
        }
        #expect(logged < 10 && logged > 1)
        #expect(file.lines.count == logged)
    }

    @Test func keptLinesAreWrittenAfterTheFlushIntervalByThemselves() async throws {
        let file = try LogFile()
        defer { file.close() }
        let output = LogOutput(fileDescriptor: file.descriptor, flushInterval: .milliseconds(20))
        let logger = Logger(label: "roster-server") { ServerLogHandler(label: $0, output: output) }
        logger.info("kept for a moment")
        // Waits far longer than the interval, for a loaded machine; the line comes within it.
        for _ in 0..<500 where file.text.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(file.lines.count == 1 && file.lines[0].hasSuffix("kept for a moment"))
    }

    @Test func linesFromManyThreadsStayWholeAndInOrder() async throws {
        let file = try LogFile()
        defer { file.close() }
        let output = LogOutput(fileDescriptor: file.descriptor, flushInterval: .milliseconds(5), bufferLimit: 512)
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    var logger = Logger(label: "roster-server") { ServerLogHandler(label: $0, output: output) }
                    logger[metadataKey: "writer"] = "\(writer)"
                    for line in 0..<400 { logger.info("line \(line) of writer \(writer)") }
                }
            }
        }
        output.flush()
        let lines = file.lines
        #expect(lines.count == 8 * 400)
        for writer in 0..<8 {
            let own = lines.filter { $0.contains("writer=\(writer) ") }
            #expect(own.map { $0.components(separatedBy: "] ").last } == (0..<400).map { "line \($0) of writer \(writer)" })
        }
    }

    @Test func theTimestampShowsTheClocksSecond() {
        let seconds = Mutex<time_t>(1_795_000_000)
        let output = LogOutput(fileDescriptor: -1, clock: { seconds.withLock { $0 } })
        let first = output.timestamp()
        #expect(first.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}/) != nil)
        #expect(output.timestamp() == first)
        seconds.withLock { $0 += 1 }
        let next = output.timestamp()
        #expect(next != first && next.dropLast(7) == first.dropLast(7))
    }
}
