import Foundation
import RosterTUI
import Testing

/// The config file's settings: keys bound to the list's commands, colours by role, and a file
/// read (or refused) setting by setting.
@Suite struct SwitcherSettingsTests {
    @Test func aBoundKeyRunsItsCommandAndTheDefaultNoLonger() throws {
        let keys = try KeyBindings(["remove": "X", "quit": "Q"])
        #expect(keys.translated(.char("X")) == .char("x"))
        #expect(keys.translated(.char("Q")) == .char("q"))
        #expect(keys.translated(.char("x")) == nil && keys.translated(.char("q")) == nil)
        #expect(keys.translated(.char("n")) == .char("n") && keys.translated(.char("j")) == .char("j") && keys.translated(.enter) == .enter)
        // Two commands may swap keys.
        let swapped = try KeyBindings(["remove": "o", "logOut": "x"])
        #expect(swapped.translated(.char("o")) == .char("x") && swapped.translated(.char("x")) == .char("o"))
    }

    @Test func theListUsesTheBoundKeysAndSaysThem() throws {
        var model = Sample.model()
        model.keys = try KeyBindings(["remove": "X", "logIn": "+"])
        #expect(model.press(.char("x")).isEmpty && model.mode == .list, "x is nobody's now")
        model.press(.char("X"))
        guard case .confirm = model.mode else { Issue.record("X did not ask to remove: \(model.mode)"); return }
        model.press(.escape)
        let hints = try #require(model.screen.last(where: { $0.contains("switch") }))
        #expect(hints.contains("X remove") && hints.contains("+ log in"), "\(hints)")
        model.press(.char("?"))
        #expect(model.screen.line(containing: "remove from this device")?.contains(" X ") == true)
        model.press(.escape)
        model.press(.char("+"))
        #expect(model.form != nil, "+ logs in")
    }

    @Test func wrongBindingsAreRefusedInWords() {
        #expect(throws: SettingsRefusal("keys.remove cannot be 'k': it moves up")) { try KeyBindings(["remove": "k"]) }
        #expect(throws: SettingsRefusal.self) { try KeyBindings(["remove": "xx"]) }
        #expect(throws: SettingsRefusal.self) { try KeyBindings(["remove": ""]) }
        #expect(throws: SettingsRefusal("keys.logIn and keys.remove are both 'n'")) { try KeyBindings(["remove": "n"]) }
        #expect(throws: SettingsRefusal.self) { try KeyBindings(["switch": "s"]) }
    }

    @Test func aThemeSetsRolesByNameOrNumber() throws {
        let theme = try Theme(["title": .init(foreground: "black", background: "cyan"), "error": .init(foreground: "196")])
        #expect(theme.colors(.title) == Theme.Colors(foreground: 0, background: 6))
        #expect(theme.colors(.error) == Theme.Colors(foreground: 196, background: -1))
        #expect(theme.colors(.active) == Theme().colors(.active))
        #expect(throws: SettingsRefusal.self) { try Theme(["code": .init(foreground: "red")]) }
        #expect(throws: SettingsRefusal.self) { try Theme(["title": .init(foreground: "256")]) }
    }

    @Test func aFileIsReadSettingBySettingAndShownBackTheSame() throws {
        let settings = try SwitcherSettings(yaml: "sort: name\nkeys:\n  lastMessage: \"?\"\n".replacingOccurrences(of: "\"?\"", with: "\"m\""))
        #expect(settings.sort == .name && settings.keys.key(.lastMessage) == "m")
        #expect(try SwitcherSettings(yaml: settings.yaml) == settings)
        #expect(try SwitcherSettings(yaml: "") == SwitcherSettings())
        #expect(try SwitcherSettings(yaml: "# nothing set\n") == SwitcherSettings())
        #expect(throws: SettingsRefusal("line 2: keys is a mapping of names to values")) { try SwitcherSettings(yaml: "sort: name\nkeys: 3\n") }
        #expect(throws: SettingsRefusal("line 1: the file is a mapping of settings: sort, keys, theme")) { try SwitcherSettings(yaml: "- sort\n") }
    }

    /// Anchors nested `depth` levels deep under `theme:`, each level's keys aliases of the
    /// level before: under 1 KiB that stand for 15^depth nodes, each hashed by the YAML
    /// library's duplicate-key check.
    static func aliasKeys(depth: Int) -> String {
        var lines = ["theme:", "  l0: &l0 {a: 1, b: 2, c: 3, d: 4}"]
        for level in 1...depth {
            let alias = "*l\(level - 1)"
            let keys = (1...5).map { count in count == 1 ? "\(alias) : 1" : "[\(Array(repeating: alias, count: count).joined(separator: ", "))]: \(count)" }
            lines.append("  l\(level): &l\(level) {\(keys.joined(separator: ", "))}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A file with an alias is refused at its first one, before a node is composed, so the
    /// nested aliases above are one line at once rather than minutes in the YAML library.
    @Test(.timeLimit(.minutes(1))) func aliasesAreRefusedBeforeTheYAMLIsComposed() throws {
        let hostile = Self.aliasKeys(depth: 7)
        #expect(hostile.utf8.count < 1024)
        #expect(throws: SettingsRefusal("line 3: an alias (*name) is not taken in a config file; write the value out")) {
            try SwitcherSettings(yaml: hostile)
        }
        // A merge key is an alias too; an anchor alone is harmless and read as usual.
        #expect(throws: SettingsRefusal.self) { try SwitcherSettings(yaml: "keys: &k {remove: X}\ntheme:\n  <<: *k\n") }
        #expect(try SwitcherSettings(yaml: "sort: &order name\n").sort == .name)
        // Text over the bound is refused whole, before it is parsed at all.
        #expect(throws: SettingsRefusal("the file is over 64 KiB")) {
            try SwitcherSettings(yaml: String(repeating: "#", count: SwitcherSettings.maxBytes + 1))
        }
    }

    /// A config file that is a FIFO (or a device) is refused, not read until someone writes.
    @Test(.timeLimit(.minutes(1))) func aConfigThatIsNotARegularFileIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("config.yml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: SettingsRefusal("\(fifo.path): not a regular file")) { try SwitcherSettings.load(from: fifo) }
        // A link to a file is followed.
        let real = folder.appendingPathComponent("real.yml")
        try "sort: name\n".write(to: real, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("link.yml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        #expect(try SwitcherSettings.load(from: link).sort == .name)
    }

    @Test func aMissingFileIsTheDefaultsAndAnOversizedOneIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.yml")
        #expect(try SwitcherSettings.load(from: file) == SwitcherSettings())
        try Data(repeating: UInt8(ascii: "#"), count: SwitcherSettings.maxBytes + 1).write(to: file)
        #expect(throws: SettingsRefusal.self) { try SwitcherSettings.load(from: file) }
    }
}
