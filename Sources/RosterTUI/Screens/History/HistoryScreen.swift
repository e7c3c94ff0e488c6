import RosterCore

/// The device's history, newest first (`entries` is `nil` until read), scrolled by `top`, the
/// first entry shown. It reads again whenever the device changes (another window, a command),
/// so it stays current while open.
public struct HistoryScreen: Screen, Sendable, Equatable {
    public var entries: [HistoryEntry]?
    /// The index of the first entry on screen.
    public var top = 0

    public init(entries: [HistoryEntry]? = nil, top: Int = 0) {
        self.entries = entries
        self.top = top
    }

    var mode: Mode { .history(self) }

    /// Entries that fit on a screen of `size`: the body less the title, a blank row and the
    /// position line.
    static func rows(for size: TerminalSize) -> Int {
        max(1, ListLayout.body(width: size.width, height: size.height).height - 3)
    }

    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        let page = Self.rows(for: model.size)
        switch action {
        case .historyLoaded(let read):
            entries = read
        case .usersLoaded:
            // The device changed: its history has a new line, perhaps.
            return [.loadHistory]
        case .key(.escape), .key(.char("h")), .key(.enter):
            model.mode = .list
            return []
        case .key(.char("q")):
            return [.quit]
        case .key(.down), .key(.char("j")): top += 1
        case .key(.up), .key(.char("k")): top -= 1
        case .key(.pageDown), .key(.char(" ")): top += page
        case .key(.pageUp): top -= page
        case .key(.ctrlD): top += max(1, page / 2)
        case .key(.ctrlU): top -= max(1, page / 2)
        case .key(.home), .key(.char("g")): top = 0
        case .key(.end), .key(.char("G")): top = Int.max / 2
        default: break
        }
        top = max(0, min(top, (entries?.count ?? 0) - page))
        return []
    }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? { .history }
}
