import Foundation
import RosterWire
import Yams

/// The switcher's config file (`roster config path`), YAML as lazygit's `config.yml` and k9s's
/// skins are: the list's order, the keys of its commands, and the colours of its roles. Every
/// setting is optional; a missing file is the defaults; anything unknown or wrong is refused
/// with the setting (and line) named, before the screen is taken.
///
///     sort: name
///     keys:
///       remove: X
///       lastMessage: "!"
///     theme:
///       title: {foreground: black, background: cyan}
public struct SwitcherSettings: Sendable, Equatable {
    /// The list's order, unless `--sort` gives one.
    public var sort: ListOrder?
    public var keys = KeyBindings()
    public var theme = Theme()

    /// Most bytes a config file may hold.
    public static let maxBytes = 64 * 1024

    public init() {}

    /// The settings of a config file's text; one with an alias is refused before it is
    /// composed (`PlainYAML`).
    public init(yaml text: String) throws(SettingsRefusal) {
        guard text.utf8.count <= Self.maxBytes else { throw SettingsRefusal("the file is over \(Self.maxBytes / 1024) KiB") }
        try PlainYAML.refuseAliases(in: text)
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch { throw SettingsRefusal("not YAML: \(Self.words(error))") }
        guard let root else { return }
        guard let settings = root.mapping else { throw SettingsRefusal(Self.at(root, "the file is a mapping of settings: sort, keys, theme")) }
        for (name, value) in settings {
            switch name.string {
            case "sort":
                guard let order = value.scalar.flatMap({ ListOrder(rawValue: $0.string) }) else {
                    throw SettingsRefusal(Self.at(value, "sort is recent or name"))
                }
                sort = order
            case "keys":
                let named = try Self.strings(value, "keys")
                keys = try Self.rethrowing(value) { () throws(SettingsRefusal) in try KeyBindings(named) }
            case "theme":
                guard let roles = value.mapping else { throw SettingsRefusal(Self.at(value, "theme is a mapping of roles to colours")) }
                var changes: [String: Theme.Change] = [:]
                for (role, colors) in roles {
                    let named = try Self.strings(colors, "theme.\(role.string ?? "")")
                    if let other = named.keys.first(where: { $0 != "foreground" && $0 != "background" }) {
                        throw SettingsRefusal(Self.at(colors, "theme.\(role.string ?? "").\(other) is not a colour; a role has foreground and background"))
                    }
                    changes[role.string ?? ""] = Theme.Change(foreground: named["foreground"], background: named["background"])
                }
                theme = try Self.rethrowing(value) { () throws(SettingsRefusal) in try Theme(changes) }
            default:
                throw SettingsRefusal(Self.at(name, "\(name.string.map { "'\($0)'" } ?? "this") is not a setting; the settings are sort, keys, theme"))
            }
        }
    }

    /// The settings of the file at `url`: the defaults when there is none. It is read with a
    /// bound (`BoundedFile`), and refused at its first alias before it is composed.
    public static func load(from url: URL) throws(SettingsRefusal) -> SwitcherSettings {
        let path = url.path
        let data: Data
        do {
            data = try BoundedFile.read(path, atMost: maxBytes)
        } catch {
            if error.reason == .missing { return SwitcherSettings() }
            throw SettingsRefusal(error.description)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw SettingsRefusal("\(path): not UTF-8 text") }
        do { return try SwitcherSettings(yaml: text) } catch { throw SettingsRefusal("\(path): \(error.description)") }
    }

    /// These settings as a config file writes them, every one of them: what `roster config
    /// show` prints, to start a file from.
    public var yaml: String {
        var lines = ["# Roster's switcher settings (roster config path)", "sort: \((sort ?? .recent).rawValue)  # recent or name", "keys:"]
        for command in ListCommand.allCases { lines.append("  \(command.rawValue): \(Self.quoted(String(keys.key(command))))") }
        lines.append("theme:  # default, black, red, green, yellow, blue, magenta, cyan, white, or 0-255")
        for (name, role) in Theme.roles {
            let colors = theme.colors(role)
            lines.append("  \(name): {foreground: \(Theme.name(colors.foreground)), background: \(Theme.name(colors.background))}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A mapping of names to plain text.
    private static func strings(_ node: Node, _ setting: String) throws(SettingsRefusal) -> [String: String] {
        guard let mapping = node.mapping else { throw SettingsRefusal(at(node, "\(setting) is a mapping of names to values")) }
        var values: [String: String] = [:]
        for (name, value) in mapping {
            guard let key = name.string, let text = value.scalar?.string else {
                throw SettingsRefusal(at(value, "\(setting).\(name.string ?? "") takes one value"))
            }
            values[key] = text
        }
        return values
    }

    /// A refusal of `body` with the line of `node` before it.
    private static func rethrowing<T>(_ node: Node, _ body: () throws(SettingsRefusal) -> T) throws(SettingsRefusal) -> T {
        do { return try body() } catch { throw SettingsRefusal(at(node, error.description)) }
    }

    private static func at(_ node: Node, _ words: String) -> String {
        node.mark.map { "line \($0.line): \(words)" } ?? words
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A YAML error in one line.
    private static func words(_ error: any Error) -> String {
        var line = String(describing: error).split(separator: "\n").prefix(2).joined(separator: " ")
        while line.hasSuffix(":") || line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
