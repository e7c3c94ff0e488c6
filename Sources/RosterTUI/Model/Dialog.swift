/// A modal question drawn in a box over its screen: lines of text and buttons, the first of
/// which (the harmless one: Cancel, Keep) has focus at first. Tab, the arrows and `h`/`l` move
/// between buttons; Enter presses the focused one; Esc presses the first.
///
///     var dialog = Dialog(lines: ["Delete API key 'ci'?"], buttons: ["Keep", "Delete"])
///     dialog.move(by: 1)   // Delete has focus
public struct Dialog: Sendable, Equatable {
    public var lines: [String]
    public var buttons: [String]
    public var focus: Int

    public init(lines: [String], buttons: [String], focus: Int = 0) {
        self.lines = lines
        self.buttons = buttons
        self.focus = focus
    }

    public mutating func move(by step: Int) {
        focus = (focus + step + buttons.count) % buttons.count
    }

    /// The button row: the focused button in brackets (and drawn in reverse video).
    public var buttonRow: String {
        buttons.enumerated().map { $0.offset == focus ? "[ \($0.element) ]" : "  \($0.element)  " }.joined(separator: "  ")
    }

    /// The columns of the focused button, brackets included, in `buttonRow`.
    var focusedColumns: Range<Int> {
        let before = buttons.prefix(focus).map { DisplayWidth.of($0) + 4 + 2 }.reduce(0, +)
        return before..<(before + DisplayWidth.of(buttons[focus]) + 4)
    }

    /// Which button a key presses, if any: Enter the focused one, Esc the first; of two
    /// buttons, `y` the second and `n` the first; of more, each button's first letter. Moving
    /// keys move the focus; any other key does nothing.
    public mutating func press(_ key: Key) -> Int? {
        switch key {
        case .tab, .right, .down, .char("l"): move(by: 1)
        case .backTab, .left, .up, .char("h"): move(by: -1)
        case .enter: return focus
        case .escape: return 0
        case .char("y") where buttons.count == 2: return 1
        case .char("n") where buttons.count == 2: return 0
        case .char(let letter) where buttons.count > 2:
            return buttons.firstIndex { $0.lowercased().first == Character(letter.lowercased()) }
        default: break
        }
        return nil
    }
}
