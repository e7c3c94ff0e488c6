import RosterCore

/// The device's history, newest first (`nil` until read). It only reads, so Esc, `h` and `q`
/// are all there is.
struct HistoryScreen: Screen {
    var entries: [HistoryEntry]?

    var mode: Mode { .history(entries) }

    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        switch action {
        case .historyLoaded(let read):
            entries = read
        case .key(.escape), .key(.char("h")), .key(.enter):
            model.mode = .list
        case .key(.char("q")):
            return [.quit]
        default: break
        }
        return []
    }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? { .history }
}
