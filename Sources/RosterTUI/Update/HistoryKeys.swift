/// Keys on the history screen: it only reads, so Esc, `h` and `q` are all there is.
func historyKey(_ model: inout Model, _ key: Key) -> [Effect] {
    switch key {
    case .escape, .char("h"), .enter: model.mode = .list
    case .char("q"): return [.quit]
    default: break
    }
    return []
}
