/// Find as you type on the list (`f`, htop's type-ahead search): the selection jumps to the first
/// person whose name, email or id holds the text, without hiding anyone (`/` filters instead);
/// ↓/↑ go to the next or previous match, Enter keeps the selection, Esc goes back to where it was.
///
///     ListFind(text: "em").matches(in: users) // the positions of emma@… and of anyone else matching
public struct ListFind: Sendable, Equatable {
    public var text: String
    /// The person selected when finding began, for Esc.
    public var startId: String?

    public init(text: String = "", startId: String?) {
        self.text = text
        self.startId = startId
    }

    /// The positions in `users` that match, in list order; none for empty text.
    public func matches(in users: [UserRow]) -> [Int] {
        let wanted = text.lowercased()
        guard !wanted.isEmpty else { return [] }
        return users.indices.filter { index in
            let user = users[index]
            return [user.displayName, user.email ?? "", user.id].contains { $0.lowercased().contains(wanted) }
        }
    }
}
