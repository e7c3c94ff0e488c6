/// Roster cannot go on (the device store cannot be read): the reason, and Esc, Enter or `q` to
/// leave.
struct FailureScreen: Screen {
    var reason: String

    var mode: Mode { .failure(reason) }

    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        guard case .key(let key) = action else { return [] }
        return [.escape, .enter, .char("q")].contains(key) ? [.quit] : []
    }
}
