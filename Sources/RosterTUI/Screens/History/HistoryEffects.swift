import RosterCore

/// The history screen's one effect: the device's history, read.
struct HistoryEffects {
    let session: SessionAccess

    func load() throws -> [Action] {
        [.historyLoaded(try session.app.history(limit: 200))]
    }
}
