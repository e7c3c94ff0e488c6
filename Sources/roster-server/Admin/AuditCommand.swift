import ArgumentParser
import Foundation
import RosterServer
import RosterServerAssembly
import RosterServerCore
import RosterWire

/// `admin audit [--user U] [--since T] [--json]`: the app's audit trail, newest first.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "List log-ins, failures, log-outs, API key changes, resets, deletions and admin actions, newest first.")
    @ParentCommand var admin: AdminCommand
    @Option(help: "Only what concerns this user (id or email).") var user: String?
    @Option(help: "Only since this time: an ISO 8601 time (2026-11-24T09:00:00Z) or a span back from now (90s, 30m, 12h, 7d).")
    var since: String?
    @Option(help: "At most this many entries.") var limit = 1000
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be 1 or more") }
        if let since, Self.time(since, now: Date()) == nil {
            throw ValidationError("--since must be an ISO 8601 time such as 2026-11-24T09:00:00Z, or a span such as 30m, 12h or 7d")
        }
    }

    /// `since` as a time: ISO 8601, or a span back from `now`.
    static func time(_ text: String, now: Date) -> Date? {
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Double(text.dropLast()), count >= 0 else { return nil }
        return now.addingTimeInterval(-count * unit)
    }

    func run() async throws {
        let (admin, appId) = try await admin.open()
        let userId = try await user.asyncMap { try await AdminCommand.resolve($0, admin: admin, appId: appId) }
        let entries = try await admin.audit(
            appId: appId, AuditQuery(userId: userId, since: since.flatMap { Self.time($0, now: Date()) }, limit: limit))
        if json {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(entries), as: UTF8.self))
            return
        }
        let formatter = ISO8601DateFormatter()
        for entry in entries { print(Self.line(entry, formatter)) }
    }

    /// One entry as a line: the time, the event, the user, the provider, the client's address,
    /// the request that made it (its `X-Request-Id`, as the server's log and an error's `link`
    /// name it), then the detail; `-` for what the entry does not have.
    static func line(_ entry: AuditEntry, _ formatter: ISO8601DateFormatter) -> String {
        let parts = [
            formatter.string(from: entry.at), entry.event.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0),
            entry.userId ?? "-", entry.provider ?? "-", entry.address ?? "-", entry.requestId ?? "-", entry.detail ?? "",
        ]
        return parts.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
}

extension Optional {
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
