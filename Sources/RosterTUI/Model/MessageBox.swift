import Foundation

/// The last message of the status line in full, in a box over the screen on show (`!` on the
/// list, and on a form off its text fields): wrapped, with the earlier messages under it, and
/// scrolled when it does not fit, so a message of any length can be read whole.
public struct MessageBox: Sendable, Equatable {
    public var message: StatusMessage
    /// Lines scrolled past at the top.
    public var scroll: Int = 0

    public init(_ message: StatusMessage) {
        self.message = message
    }
}

extension Model {
    /// Opens the box on the last message, or says there is none yet.
    mutating func openMessageBox() {
        guard let lastMessage else {
            status = StatusMessage("No message yet")
            return
        }
        messageBox = MessageBox(lastMessage)
    }
}
