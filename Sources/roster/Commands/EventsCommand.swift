import ArgumentParser
import Foundation
import RosterCore
import RosterWire

/// `roster events`: what happens to the device's users, one line each as it happens, written
/// here or by any other process on the device (another `roster`, the switcher), for scripts, as
/// `kubectl get -w` does. From now on unless `--since` or `--after` says from when; it runs until
/// interrupted (Ctrl-C, SIGTERM), which ends it with status 0.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Print what happens to the device's users as it happens, one line each, until interrupted.",
        discussion: """
            Events: logged-in, switched, logged-out, removed, session-ended (with the server's reason), \
            locked-out, locked, unlocked. Each line is flushed as it is printed. Another process's \
            event arrives within a quarter of a second.
            """)

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Print each event as a JSON object on one line.")
    var json = false

    @Option(help: ArgumentHelp(
        "Begin with the events kept from this time on: a date (2026-01-31T09:00:00Z) or a time ago (90s, 5m, 1h).", valueName: "when"))
    var since: String?

    @Option(help: ArgumentHelp("Begin after the event with this sequence number (a JSON line's \"sequence\").", valueName: "n"))
    var after: Int64?

    func validate() throws {
        if since != nil && after != nil { throw ValidationError("give --since or --after, not both") }
        if let after, after < 0 { throw ValidationError("--after takes a sequence number of 0 or more, not \(after)") }
        if let since { _ = try Self.date(since, now: Date()) }
    }

    func run() async throws {
        // Events are read from the device's store alone: no embedded server is started for them.
        let app = try await connection.openForReading()
        let events: SessionEvents
        if let since {
            events = try CommandFailure.wording { try app.events(since: try Self.date(since, now: Date())) }
        } else if let after {
            events = app.events(after: after)
        } else {
            events = app.events
        }
        Interruption.exitingCleanly()
        let format = ISO8601DateFormatter()
        for await event in events {
            let line = json ? Self.jsonLine(event, format: format) : Self.textLine(event, format: format)
            // Unbuffered: each line reaches a pipe as it is printed. A reader that went away ends it.
            do { try FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8)) } catch { return }
        }
    }

    /// `2026-01-31T09:00:00Z switched emma@example.com (id 65b…)`, and the reason after a colon.
    static func textLine(_ event: SessionEvent, format: ISO8601DateFormatter) -> String {
        var line = "\(format.string(from: event.at)) \(event.kind.rawValue) \(event.userName) (id \(event.userId))"
        if let reason = event.reason { line += ": \(reason)" }
        return TerminalText.printable(line)
    }

    /// `{"sequence":12,"at":"…","event":"switched","userId":"…","user":"…"}`, with `"reason"`
    /// when there is one; every control character escaped.
    static func jsonLine(_ event: SessionEvent, format: ISO8601DateFormatter) -> String {
        var fields: [(String, JSONValue)] = [
            ("sequence", .int(event.sequence)), ("at", .string(format.string(from: event.at))), ("event", .string(event.kind.rawValue)),
            ("userId", .string(event.userId)), ("user", .string(event.userName)),
        ]
        if let reason = event.reason { fields.append(("reason", .string(reason))) }
        return JSONValue.object(JSONObject(fields)).readableText(indent: nil)
    }

    /// A date in ISO 8601, or a time ago as `roster policy --lock-after` takes it.
    static func date(_ text: String, now: Date) throws -> Date {
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        do {
            guard let seconds = try IdleTime.parse(text) else { throw CommandFailure("") }
            return now.addingTimeInterval(-seconds)
        } catch {
            throw ValidationError("--since takes a date (2026-01-31T09:00:00Z) or a time ago (90s, 5m, 1h), not '\(text)'")
        }
    }
}
