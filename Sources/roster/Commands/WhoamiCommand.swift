import ArgumentParser
import Foundation
import RosterCore
import RosterTUI

/// `roster whoami`: the active user, read from the device (works offline).
struct WhoamiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Show the active user.")

    @OptionGroup var connection: ConnectionOptions

    @Flag(help: "Print the user as a JSON object, or null when nobody is active.")
    var json = false

    func run() async throws {
        let app = try await connection.openApp()
        guard let user = app.currentUser else {
            if json { print("null") } else { print("No active user. Log one in with `roster login`.") }
            return
        }
        if json {
            try UserSummary.printJSON(UserSummary(user))
            return
        }
        var lines = ["\(user.displayName) (active)", "id:         \(user.id)"]
        lines.append("providers:  \(UserSummary.providers(of: user).joined(separator: ", "))")
        if let name = user.profile.name { lines.append("name:       \(name)") }
        if let deviceId = user.deviceId { lines.append("device:     \(deviceId)") }
        if let expiry = user.accessTokenExpiresAt {
            let seconds = Int(expiry.timeIntervalSinceNow)
            lines.append(seconds > 0 ? "token:      expires in \(seconds / 60) min" : "token:      expired; refreshed on next use")
        }
        if let issued = user.customDataIssuedAt {
            lines.append("custom data as of \(RelativeTime.ago(issued, now: Date())) (`roster custom-data --refresh` for fresh):")
        } else {
            lines.append("custom data:")
        }
        if user.isLocked {
            lines.append("  (sealed with the user's \(user.secretKind ?? .pin); `roster custom-data` asks for it)")
        } else {
            lines.append(user.customData.prettyText())
        }
        print(lines.joined(separator: "\n"))
    }
}
