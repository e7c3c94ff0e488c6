import RosterWire

/// Keys while finding as you type (`f`): text finds, ↓/↑ go to the next or previous match,
/// Enter keeps the selection, Esc goes back to where it was.
func findKey(_ model: inout Model, _ key: Key) -> [Effect] {
    guard var find = model.list.find else { return [] }
    switch key {
    case .escape:
        if let start = find.startId, let index = model.list.shownIndex(of: start) {
            model.list.selection = index
        } else {
            model.list.selection = find.startPosition
            if let start = find.startId { model.list.select(id: start) }
        }
        model.list.find = nil
    case .enter:
        model.list.find = nil
    case .backspace:
        if !find.text.isEmpty { find.setText(String(find.text.dropLast()), in: model.list.findableUsers) }
        model.list.find = find
        return findTyped(&model)
    case .char(let character):
        let text = TerminalText.printable(String(character))
        if find.text.count + text.count <= UserList.maxFilterLength { find.setText(find.text + text, in: model.list.findableUsers) }
        model.list.find = find
        return findTyped(&model)
    case .down: jumpToMatch(&model, from: model.list.selection + 1, by: 1)
    case .up: jumpToMatch(&model, from: model.list.selection - 1, by: -1)
    default: break
    }
    return []
}

/// The find text changed: the selection goes to the first match, found in memory now, or by the
/// store for a list too long to hold.
func findTyped(_ model: inout Model) -> [Effect] {
    guard model.list.window != nil, let text = model.list.find?.text else {
        jumpToMatch(&model, from: 0, by: 1)
        return []
    }
    return text.isEmpty ? [] : [.findMatches(MatchRead(query: model.list.query, text: text))]
}

/// Selects the first match from `start` going by `step` (round the end); none leaves it.
private func jumpToMatch(_ model: inout Model, from start: Int, by step: Int) {
    if let index = model.list.find?.match(from: start, by: step) { model.list.selection = index }
}
