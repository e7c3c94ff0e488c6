import Foundation
import RosterCore

/// The names a shell offers for `USER` and `--user`: the emails (or, without one, the names
/// Roster shows) of the device's users that start with what is typed, read from the device's
/// store through its name index, at most `limit` of them. argument-parser calls this back in a
/// new `roster` process on each Tab; it starts no server and sends nothing.
enum UserNameCompletion {
    /// The most names offered at once: more is a list nobody reads, and a slower Tab.
    static let limit = 200

    /// argument-parser's callback: the command line's words, the index of the one completed,
    /// and what of it is typed before the cursor.
    @Sendable static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let environment = ProcessInfo.processInfo.environment
        guard
            let app = OfflineDevice.open(
                home: value(of: "--home", in: words), server: value(of: "--server", in: words), app: value(of: "--app", in: words),
                environment: environment)
        else { return [] }
        return names(in: app, startingWith: unquoted(prefix))
    }

    /// The names of users whose email, shown name or id starts with `typed` (without case).
    static func names(in app: App, startingWith typed: String) -> [String] {
        let lowered = typed.lowercased()
        guard let window = try? app.userWindow(order: .name, filter: UserListFilter(text: lowered), anchor: .offset(0), limit: limit * 4)
        else { return [] }
        var names: [String] = []
        for user in window.users {
            let name = user.profile.email ?? user.displayName
            if name.lowercased().hasPrefix(lowered) {
                names.append(name)
            } else if !lowered.isEmpty, user.id.hasPrefix(typed) {
                names.append(user.id)
            } else if user.displayName.lowercased().hasPrefix(lowered) {
                names.append(user.displayName)
            }
            if names.count == limit { break }
        }
        return names
    }

    /// The value given to `option` on the command line (`--home DIR` or `--home=DIR`), quotes
    /// taken off; the last one given wins, as when parsed.
    static func value(of option: String, in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count {
                found = unquoted(words[index + 1])
            } else if word.hasPrefix(option + "=") {
                found = unquoted(String(word.dropFirst(option.count + 1)))
            }
        }
        return found.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A shell word as typed, its quotes and backslashes taken off (`'ann smith'`, `ann\ smith`).
    static func unquoted(_ word: String) -> String {
        var text = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                text.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil } else { text.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            } else {
                text.append(character)
            }
        }
        return text
    }
}
