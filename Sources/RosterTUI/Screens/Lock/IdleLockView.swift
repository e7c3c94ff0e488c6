/// The lock screen: who is active and how to go on; no list, no details, no custom data.
func drawIdleLock(_ model: Model, in body: Rect, _ buffer: inout ScreenBuffer) {
    let name = model.list.currentUser?.displayName ?? "nobody"
    let unlock = model.list.currentUser?.secretKind.map { "Enter unlock with the \($0) of \(name)" } ?? "Enter unlock"
    let lines = ["Locked", "", "Active: \(name)", "", unlock, "s switch user", model.isKiosk ? KeyHints.kioskQuit : "q quit"]
    let top = body.top + max(0, (body.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() where top + offset < body.bottom {
        let column = max(0, (body.width - DisplayWidth.of(line)) / 2)
        buffer.write(line, row: top + offset, column: column, attributes: offset == 0 ? CellAttributes(bold: true) : .plain)
    }
}
