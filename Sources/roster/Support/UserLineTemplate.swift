import Foundation
import RosterCore
import RosterTUI
import RosterWire

/// `roster users --format TEMPLATE`: one line per user with placeholders filled in, for fzf
/// and scripts (`{name}\t{id}`). `\t`, `\n` and `\\` are a tab, a line break and a backslash;
/// `{{` and `}}` are braces. Values lose their control characters (a tab in a name would break
/// the columns). An unknown placeholder is a usage error naming the known ones.
///
///     try UserLineTemplate("{name}\\t{id}").line(for: user) // "joe@example.com\t64a3…"
struct UserLineTemplate: Equatable {
    /// The placeholders and what each holds, in the order `roster users --help` lists them.
    static let placeholders: [(name: String, meaning: String)] = [
        ("name", "the name Roster shows (the email, a profile name, or anonymous user 0a1b2c3d)"),
        ("id", "the user id"),
        ("email", "the email, empty when none"),
        ("provider", "the providers, comma-separated (email, anonymous, api-key, …)"),
        ("state", "active, logged in or logged out"),
        ("marker", "* active, + logged in, - logged out"),
        ("last-active", "when last active, ISO 8601 (empty when never)"),
    ]

    enum Part: Equatable {
        case text(String)
        case placeholder(String)
    }

    let parts: [Part]

    /// Reads a template; the error is a usage error's line.
    init(_ template: String) throws {
        var parts: [Part] = []
        var text = ""
        var characters = template[...]
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                switch characters.popFirst() {
                case "t": text.append("\t")
                case "n": text.append("\n")
                case "\\": text.append("\\")
                case let other: text.append("\\"); if let other { text.append(other) }
                }
            case "{" where characters.first == "{":
                characters.removeFirst()
                text.append("{")
            case "}" where characters.first == "}":
                characters.removeFirst()
                text.append("}")
            case "{":
                guard let end = characters.firstIndex(of: "}") else {
                    throw UserLineTemplate.Failure("--format has a { with no } after it; write {{ for a brace")
                }
                let name = String(characters[..<end])
                guard Self.placeholders.contains(where: { $0.name == name }) else {
                    throw UserLineTemplate.Failure(
                        "--format has no placeholder {\(TerminalText.printable(String(name.prefix(32))))}; "
                            + "it knows \(Self.placeholders.map { "{\($0.name)}" }.joined(separator: " "))")
                }
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(.placeholder(name))
                characters = characters[characters.index(after: end)...]
            case "}":
                throw UserLineTemplate.Failure("--format has a } with no { before it; write }} for a brace")
            default:
                text.append(character)
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The line for one user, without a line break at its end.
    func line(for user: UserSnapshot) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .placeholder(let name): TerminalText.printable(Self.value(name, of: user)).filter { $0 != "\t" }
            }
        }.joined()
    }

    static func value(_ placeholder: String, of user: UserSnapshot) -> String {
        switch placeholder {
        case "name": user.displayName
        case "id": user.id
        case "email": user.profile.email ?? ""
        case "provider": providers(of: user).joined(separator: ",")
        case "state": user.isCurrent ? "active" : user.state == .loggedIn ? "logged in" : "logged out"
        case "marker": user.isCurrent ? "*" : user.state == .loggedIn ? "+" : "-"
        case "last-active": user.lastActive.map { UserSummary.timestamp($0) } ?? ""
        default: ""
        }
    }

    /// The providers as people read them, once each.
    static func providers(of user: UserSnapshot) -> [String] {
        var seen: [String] = []
        for identity in user.identities where !seen.contains(identity.providerType) { seen.append(identity.providerType) }
        return seen.map { ProviderType.displayName(wire: $0) }
    }

    /// The help text of `--format`.
    static var help: String {
        "One line per user from a template, for fzf and scripts: "
            + placeholders.map { "{\($0.name)} \($0.meaning)" }.joined(separator: "; ")
            + ". \\t is a tab, \\n a line break, {{ and }} braces."
    }
}

extension UserLineTemplate {
    /// Every user on the device in `order`, a line each, read from the store in one pass.
    func print(_ app: App, order: ListOrder) throws {
        let users = try CommandFailure.wording { try app.userSnapshots() }
        var output = ""
        for user in order.ordered(users, name: \.displayName, id: \.id) {
            output += line(for: user) + "\n"
            if output.utf8.count >= 1 << 16 {
                FileHandle.standardOutput.write(Data(output.utf8))
                output = ""
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}
