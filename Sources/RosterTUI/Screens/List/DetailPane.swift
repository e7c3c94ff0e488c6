import Foundation
import RosterWire

/// The detail pane's focus and scroll. Tab gives it the keys (and gives them back); it scrolls
/// with the arrows, `j`/`k`, PageUp/PageDown, Ctrl-D/Ctrl-U, `g`/`G` while it has them, and with
/// `J`/`K` from the list at any time. The scroll belongs to the user it was scrolled on: another
/// user's details start at the top.
public struct DetailPane: Sendable, Equatable {
    public var isFocused: Bool = false
    /// Lines scrolled past at the top, for `userId`'s details.
    public var scroll: Int = 0
    public var userId: String?
    /// The last change to a user's custom data that came from the server while shown.
    public var customDataChanged: CustomDataChange?
    /// A change told of but not yet in the users as read: it moves to `customDataChanged` once
    /// they show its data.
    public var customDataArriving: CustomDataChange?

    /// When a user's custom data changed elsewhere, and to what.
    public struct CustomDataChange: Sendable, Equatable {
        public var userId: String
        public var at: Date
        public var data: JSONValue
    }

    /// How long the heading says "changed just now".
    public static let justNow: TimeInterval = 60

    public init() {}

    /// When this user's custom data changed elsewhere, if within `justNow` of `now`.
    public func customDataChangedJustNow(for userId: String, now: Date) -> Bool {
        guard let change = customDataChanged, change.userId == userId else { return false }
        let age = now.timeIntervalSince(change.at)
        return age >= -1 && age < Self.justNow
    }

    /// The lines scrolled past for this user's details.
    public func scroll(for userId: String?) -> Int {
        userId != nil && userId == self.userId ? scroll : 0
    }
}
