import RosterCore
import RosterWire

/// `roster switch` with no user on a terminal: one screen listing the device's users (name,
/// providers, state), a filter that narrows it as one types, the arrows to move, Enter to choose
/// and Esc to leave with nothing chosen. The state alone: `update` takes a key and says what
/// follows; `UserPickerProgram` reads the rows and draws.
public struct UserPicker: Equatable, Sendable {
    /// One user as the picker lists them.
    public struct Row: Equatable, Sendable {
        public let id: String
        public let name: String
        public let providers: String
        public let state: UserState
        public let isCurrent: Bool

        public init(id: String, name: String, providers: String, state: UserState, isCurrent: Bool) {
            self.id = id
            self.name = name
            self.providers = providers
            self.state = state
            self.isCurrent = isCurrent
        }

        public init(_ user: UserSnapshot) {
            var seen: [String] = []
            for identity in user.identities where !seen.contains(identity.providerType) { seen.append(identity.providerType) }
            self.init(
                id: user.id, name: TerminalText.printable(user.displayName),
                providers: seen.map { ProviderType.displayName(wire: $0) }.joined(separator: ", "), state: user.state,
                isCurrent: user.isCurrent)
        }

        /// `*` active, `+` logged in, `-` logged out, as `roster users` marks them.
        public var marker: String { isCurrent ? "*" : state == .loggedIn ? "+" : "-" }

        public var stateText: String { isCurrent ? "active" : state == .loggedIn ? "logged in" : "logged out" }
    }

    /// The rows a filter lets through (the first of them, when there are many) and how many.
    public struct Listing: Equatable, Sendable {
        public let rows: [Row]
        /// Users the filter lets through; more than `rows` holds on a long list.
        public let matching: Int
        /// Users on the device.
        public let total: Int

        public init(rows: [Row], matching: Int, total: Int) {
            self.rows = rows
            self.matching = matching
            self.total = total
        }
    }

    /// What follows a key.
    public enum Step: Equatable, Sendable {
        case stay
        /// The filter changed: read the rows it lets through and `show` them.
        case refilter
        /// Switch to the user with this id.
        case choose(String)
        /// Leave with nothing changed (Esc, Ctrl-C, a termination signal).
        case cancel
        /// Ctrl-Z: give the terminal back until the shell continues the job.
        case suspend
        /// Ctrl-L: draw the whole screen again.
        case redraw
    }

    /// What is typed, lowercased by the store's filter when it reads.
    public private(set) var filter = ""
    public private(set) var listing: Listing
    /// The selected row's index in `listing.rows`.
    public private(set) var selected = 0

    /// The longest filter kept: a name, an email or an id fits many times over.
    public static let longestFilter = 256

    /// Starts on the first user who is not the active one (the one `roster switch -` would go
    /// back to, on a list in recent order), or the first when there is none.
    public init(listing: Listing) {
        self.listing = listing
        selected = listing.rows.firstIndex { !$0.isCurrent } ?? 0
    }

    public var selectedRow: Row? { listing.rows.indices.contains(selected) ? listing.rows[selected] : nil }

    /// Takes the rows read for the filter; the selected user stays selected while listed.
    public mutating func show(_ listing: Listing) {
        let kept = selectedRow?.id
        self.listing = listing
        selected = kept.flatMap { id in listing.rows.firstIndex { $0.id == id } } ?? 0
    }

    public mutating func update(_ key: Key) -> Step {
        switch key {
        case .escape, .ctrlC, .ctrlBackslash, .terminate:
            return .cancel
        case .enter:
            return selectedRow.map { .choose($0.id) } ?? .stay
        case .up, .backTab:
            move(by: -1)
        case .down, .tab:
            move(by: 1)
        case .pageUp:
            move(by: -10)
        case .pageDown:
            move(by: 10)
        case .home:
            selected = 0
        case .end:
            selected = max(0, listing.rows.count - 1)
        case .char(let character):
            return type(String(character))
        case .paste(let text):
            return type(text)
        case .backspace:
            guard !filter.isEmpty else { return .stay }
            filter.removeLast()
            return .refilter
        case .ctrlU:
            guard !filter.isEmpty else { return .stay }
            filter = ""
            return .refilter
        case .ctrlW:
            guard !filter.isEmpty else { return .stay }
            let trimmed = filter.reversed().drop { $0 == " " }.drop { $0 != " " }
            filter = String(trimmed.reversed())
            return .refilter
        case .ctrlZ:
            return .suspend
        case .ctrlL:
            return .redraw
        default:
            return .stay
        }
        return .stay
    }

    private mutating func move(by rows: Int) {
        guard !listing.rows.isEmpty else { return }
        selected = min(max(0, selected + rows), listing.rows.count - 1)
    }

    /// Adds typed or pasted text to the filter, its control characters and line breaks dropped.
    private mutating func type(_ text: String) -> Step {
        let printable = TerminalText.printable(text).filter { $0 != "\n" && $0 != "\r" && $0 != "\t" }
        guard !printable.isEmpty, filter.count < Self.longestFilter else { return .stay }
        filter += String(printable.prefix(Self.longestFilter - filter.count))
        return .refilter
    }
}
