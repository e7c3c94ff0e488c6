import Foundation

/// The status line's life: a message stays until the next key, or a few seconds (errors
/// longer), and never goes along to another screen; while the operation it tells of is under
/// way it stays. `!` shows the last message in full.
enum StatusLine {
    static let infoLifetime: TimeInterval = 5
    static let errorLifetime: TimeInterval = 10

    /// What a key is handled against: the screen, and the message left on show.
    struct BeforeKey {
        let screen: Mode.Kind
        let helpOpen: Bool
        let status: StatusMessage?
    }

    /// A key was pressed: the message on show has been seen and goes (it stays for `!`).
    static func beforeKey(_ model: inout Model) -> BeforeKey {
        if !model.isBusy { model.status = nil }
        return BeforeKey(screen: model.mode.kind, helpOpen: model.help != nil, status: model.status)
    }

    /// A message the key left on show belongs to the screen it was on; on another screen it goes.
    static func afterKey(_ model: inout Model, _ before: BeforeKey) {
        let moved = model.mode.kind != before.screen || (model.help != nil) != before.helpOpen
        if moved, model.status != nil, model.status == before.status {
            model.status = nil
        }
    }

    /// Time passed: a message that has been on show long enough goes.
    static func tick(_ model: inout Model) {
        guard let status = model.status, !model.isBusy else { return }
        let lifetime = status.isError ? errorLifetime : infoLifetime
        if model.now.timeIntervalSince(model.statusSince) >= lifetime { model.status = nil }
    }
}

