import RosterCore

/// One line of a help box: a key and what it does, a heading, or words.
struct HelpLine: Equatable {
    var key: String = ""
    var text: String
    var isHeading: Bool = false
    /// The second (or later) line of a key's wrapped meaning.
    var continues: Bool = false
}

/// The help of a topic, wrapped to `width` columns: each screen's keys, then the keys of the
/// text fields and dialogs it has; a kiosk's `caveat` (`Model.kioskCaveat`) before them all.
func helpLines(_ topic: HelpBox.Topic, _ policy: DevicePolicy, keys: KeyBindings = KeyBindings(), caveat: String? = nil, width: Int = 76)
    -> [HelpLine]
{
    let sections: [(String, [ScreenKeys.Row])]
    switch topic {
    case .list:
        sections = [("Keys on the user list", KeyHints.list(keys)), ("The detail pane", ScreenKeys.detail), ("Questions (remove, delete)", ScreenKeys.dialog)]
    case .editor:
        sections = [("Keys in the custom data editor", ScreenKeys.editor), ("Typing a name or a value", ScreenKeys.textField), ("Leaving with changes not saved", ScreenKeys.dialog)]
    case .loginForm:
        sections = [("Keys on the log-in form", ScreenKeys.loginForm), ("In a text field", ScreenKeys.textField)]
    case .accountForm:
        sections = [("Keys on the account form", ScreenKeys.accountForm), ("In a text field", ScreenKeys.textField)]
    case .apiKeys:
        sections = [("Keys on the API keys screen", ScreenKeys.apiKeys), ("Naming a key", ScreenKeys.textField), ("Deleting a key", ScreenKeys.dialog)]
    case .history:
        sections = [("Keys on the history", ScreenKeys.history)]
    case .secretPrompt:
        sections = [("Keys in the PIN box", ScreenKeys.secretPrompt), ("Mending what is typed", ScreenKeys.textField)]
    case .idleLock:
        sections = [("Keys on the lock screen", ScreenKeys.idleLock)]
    }
    let keyWidth = sections.flatMap(\.1).map { DisplayWidth.of($0.key) }.max() ?? 8
    var lines: [HelpLine] = []
    for (title, rows) in sections {
        if !lines.isEmpty { lines.append(HelpLine(text: "")) }
        lines.append(HelpLine(text: title, isHeading: true))
        for row in rows {
            // The meaning starts 4 columns in and 2 past the widest key (`drawHelpBox`).
            for (index, part) in wrap(row.meaning, width: max(10, width - keyWidth - 4)).enumerated() {
                lines.append(HelpLine(key: index == 0 ? row.key : "", text: part, continues: index > 0))
            }
        }
    }
    // What the device's policy protects comes first on the list's help.
    if topic == .list { lines = wrap(PolicyWords.help(policy), width: width).map { HelpLine(text: $0) } + [HelpLine(text: "")] + lines }
    // What a kiosk cannot protect comes first on every help.
    guard let caveat else { return lines }
    return wrap(caveat, width: width).map { HelpLine(text: $0) } + [HelpLine(text: "")] + lines
}

/// How wide the help box is inside its frame, on a body this wide.
func helpTextWidth(_ body: Rect) -> Int { min(100, body.width - 4) - 4 }

/// Lines of help that fit in the box at the model's size.
func helpPageHeight(_ model: Model) -> Int {
    max(1, ListLayout.body(width: model.size.width, height: model.size.height).height - 3)
}

/// The help box over the screen: a title, the lines from its scroll, and in its bottom border
/// where it is (`▼ more · 1–20 of 34`) and how to close it.
func drawHelpBox(_ help: HelpBox, policy: DevicePolicy, keys: KeyBindings, caveat: String? = nil, in body: Rect, _ buffer: inout ScreenBuffer) {
    let width = min(100, body.width - 4)
    let textWidth = helpTextWidth(body)
    let lines = helpLines(help.topic, policy, keys: keys, caveat: caveat, width: textWidth)
    let keyWidth = lines.map { DisplayWidth.of($0.key) }.max() ?? 8
    let room = max(1, body.height - 3)
    let shown = min(lines.count, room)
    let first = min(max(0, help.scroll), max(0, lines.count - shown))
    let left = (body.width - width) / 2
    let top = body.top + max(0, (body.height - shown - 3) / 2)
    let frame = CellAttributes(bold: true)
    // Modal: the screen behind it is cleared, so no half-covered line shows beside the box.
    for row in body.top..<body.bottom { buffer.fill(row: row, from: body.left, width: body.width, attributes: .plain) }
    buffer.write("┌" + String(repeating: "─", count: width - 2) + "┐", row: top, column: left, attributes: frame)
    var row = top + 1
    func side() {
        buffer.fill(row: row, from: left, width: width, attributes: .plain)
        buffer.write("│", row: row, column: left, attributes: frame)
        buffer.write("│", row: row, column: left + width - 1, attributes: frame)
    }
    side()
    buffer.write("? help · Esc closes", row: row, column: left + 2, maxWidth: width - 4, attributes: CellAttributes(dim: true))
    for line in lines.dropFirst(first).prefix(shown) {
        row += 1
        side()
        if line.isHeading {
            buffer.write(line.text, row: row, column: left + 2, maxWidth: width - 4, attributes: CellAttributes(bold: true))
        } else if line.key.isEmpty {
            let column = line.continues ? left + 6 + keyWidth : left + 2
            buffer.write(line.text, row: row, column: column, maxWidth: left + width - 2 - column)
        } else {
            buffer.write(line.key, row: row, column: left + 4, attributes: CellAttributes(bold: true))
            buffer.write(line.text, row: row, column: left + 6 + keyWidth, maxWidth: width - 8 - keyWidth)
        }
    }
    let position = lines.count > shown
        ? " \(first + shown < lines.count ? "▼ more" : "▲ top above") · \(first + 1)–\(first + shown) of \(lines.count) · ↑/↓ PgUp/PgDn "
        : ""
    let bottom = "└" + position + String(repeating: "─", count: max(0, width - 2 - DisplayWidth.of(position))) + "┘"
    buffer.write(bottom, row: row + 1, column: left, attributes: frame)
}
