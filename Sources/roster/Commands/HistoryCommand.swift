import ArgumentParser
import Foundation
import RosterCore

/// `roster history`: what happened on this device, newest first; never a secret.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Show the device's history: log-ins, switches, log-outs, wrong PINs, locks.")

    @OptionGroup var connection: ConnectionOptions

    // Read whatever follows, so `--limit -1` is refused for its value, not as a missing one.
    @Option(parsing: .unconditional, help: "How many lines, newest first (1 to 1000).")
    var limit = 50

    @Flag(help: "Print a JSON array.")
    var json = false

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit takes 1 to 1000, not \(limit)") }
    }

    func run() async throws {
        let app = try await connection.openApp()
        let entries = try CommandFailure.wording { try app.history(limit: limit) }
        let format = ISO8601DateFormatter()
        if json {
            let items: [[String: String]] = entries.map { entry in
                var item = ["at": format.string(from: entry.at), "event": entry.event.rawValue]
                if let id = entry.userId { item["userId"] = id }
                if let name = entry.userName { item[entry.event == .policyChanged ? "change" : "user"] = name }
                return item
            }
            try JSONOutput.print(items)
            return
        }
        guard !entries.isEmpty else {
            print("Nothing has happened on this device yet.")
            return
        }
        print(TextTable(rows: entries.map { [format.string(from: $0.at), $0.event.rawValue] + ($0.userName.map { [$0] } ?? []) }).render())
    }
}
