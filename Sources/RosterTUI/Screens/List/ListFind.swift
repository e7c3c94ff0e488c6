/// Find as you type on the list (`f`, htop's type-ahead search): the selection jumps to the first
/// person whose name, email or id holds the text, without hiding anyone (`/` filters instead);
/// ↓/↑ go to the next or previous match, Enter keeps the selection, Esc goes back to where it was.
/// The matches are worked out when the text or the users shown change (`UserList.find`), never on
/// a frame or a move: a device may hold a hundred thousand people.
///
///     ListFind(text: "em", in: users).positions // where emma@… and anyone else matching are
public struct ListFind: Sendable, Equatable {
    public private(set) var text: String
    /// The person selected when finding began, and where, for Esc.
    public let startId: String?
    public let startPosition: Int
    /// The positions in the users shown that match, in list order; none for empty text.
    public private(set) var positions: [Int] = []
    /// The text changed on a list too long to hold, and the store has not said yet where it is.
    public private(set) var isLooking = false

    public init(text: String = "", startId: String?, startPosition: Int = 0, in users: [UserRow] = []) {
        self.text = text
        self.startId = startId
        self.startPosition = startPosition
        locate(in: users)
    }

    /// The text changed, and the matches with it: found among `users`, or, for a list too long
    /// to hold (nil), none until the store says where they are (`found`).
    mutating func setText(_ text: String, in users: [UserRow]?) {
        self.text = text
        if let users { locate(in: users) } else { positions = [] }
        isLooking = users == nil && !text.isEmpty
    }

    /// The matches as the store found them, in list order.
    mutating func found(_ positions: [Int]) {
        self.positions = positions
        isLooking = false
    }

    /// The matches among `users`, by the text rule `/` uses (`UserFilter.holds`).
    mutating func locate(in users: [UserRow]) {
        let wanted = text.lowercased()
        positions = wanted.isEmpty ? [] : users.indices.filter { UserFilter.holds(wanted, users[$0]) }
    }

    /// Which match `index` is (0 for the first), if it is one.
    public func rank(of index: Int) -> Int? {
        let at = firstPosition(atLeast: index)
        return at < positions.count && positions[at] == index ? at : nil
    }

    /// The first match from `index` going by `step` (1 or -1), round the end; nil with none.
    public func match(from index: Int, by step: Int) -> Int? {
        guard let first = positions.first, let last = positions.last else { return nil }
        if step > 0 {
            let at = firstPosition(atLeast: index)
            return at < positions.count ? positions[at] : first
        }
        let at = firstPosition(atLeast: index + 1) - 1
        return at >= 0 ? positions[at] : last
    }

    /// Where the first position not below `index` is in `positions` (binary search).
    private func firstPosition(atLeast index: Int) -> Int {
        var (low, high) = (0, positions.count)
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
