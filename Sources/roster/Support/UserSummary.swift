import Foundation
import RosterCore
import RosterWire

/// One user as `roster users --json` and `roster whoami --json` print it.
struct UserSummary: Encodable {
    let id: String
    let name: String?
    let email: String?
    let providers: [String]
    let state: String
    let current: Bool
    let lastActive: String?

    init(_ user: User) {
        id = user.id
        name = user.profile.name
        email = user.profile.email
        providers = Self.providers(of: user)
        state = user.state.rawValue
        current = user.isCurrent
        lastActive = user.lastActive.map { Self.timestamp($0) }
    }

    static func providers(of user: User) -> [String] {
        var seen: [String] = []
        for identity in user.identities where !seen.contains(identity.providerType) {
            seen.append(identity.providerType)
        }
        return seen
    }

    /// The name people know a user by: email, then name, then "anonymous", then the id.
    static func displayName(of user: User) -> String {
        if let email = user.profile.email, !email.isEmpty { return email }
        if let name = user.profile.name, !name.isEmpty { return name }
        if user.isAnonymous { return "anonymous \(user.id.prefix(8))" }
        return user.id
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// "just now", "5 min ago", "3 h ago", "2 days ago".
    static func age(of date: Date, now: Date = Date()) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86_400) days ago"
        }
    }

    /// Prints summaries as JSON: an array, one object, or `null`.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
