/// The detail pane's focus and scroll. Tab gives it the keys (and gives them back); it scrolls
/// with the arrows, `j`/`k`, PageUp/PageDown, Ctrl-D/Ctrl-U, `g`/`G` while it has them, and with
/// `J`/`K` from the list at any time. The scroll belongs to the user it was scrolled on: another
/// user's details start at the top.
public struct DetailPane: Sendable, Equatable {
    public var isFocused: Bool = false
    /// Lines scrolled past at the top, for `userId`'s details.
    public var scroll: Int = 0
    public var userId: String?

    public init() {}

    /// The lines scrolled past for this user's details.
    public func scroll(for userId: String?) -> Int {
        userId != nil && userId == self.userId ? scroll : 0
    }
}
