import Foundation

/// OSC 52, the escape sequence that puts text on the terminal's clipboard: xterm, kitty,
/// iTerm2, WezTerm, Windows Terminal and tmux (with `set-clipboard on`) take it, and it travels
/// over SSH as any output does, so a copy reaches the clipboard of the machine the person sits at.
///
///     Clipboard.sequence(for: "64a1") // "\u{1B}]52;c;NjRhMQ==\u{07}"
enum Clipboard {
    /// Longest text sent: terminals refuse (or cut) larger sequences; an id is far shorter.
    static let maximumBytes = 74_994

    /// The sequence for `text`, or nil when it is too long to send.
    static func sequence(for text: String) -> String? {
        let bytes = Data(text.utf8)
        guard bytes.count <= maximumBytes else { return nil }
        return "\u{1B}]52;c;" + bytes.base64EncodedString() + "\u{07}"
    }
}
