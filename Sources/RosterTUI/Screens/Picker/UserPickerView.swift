/// The picker's one screen: the filter on top, the users in columns (the selected one in
/// reverse), and a line saying how many match and which keys do what.
///
///     Switch to: al▏
///       USER                PROVIDERS  STATE
///     > + alice@example.com email      logged in
///     1 of 3 users   ↑↓ move  Enter switch  Esc cancel
public enum UserPickerView {
    public static func render(_ picker: UserPicker, size: TerminalSize) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: size.width, height: size.height)
        guard size.height >= 3, size.width >= 10 else {
            buffer.write("Esc cancels", row: 0, column: 0)
            return buffer
        }
        let prompt = "Switch to: "
        let used = buffer.write(prompt, row: 0, column: 0, attributes: CellAttributes(bold: true, role: .title))
        let typed = buffer.write(picker.filter, row: 0, column: used, maxWidth: size.width - used - 1, attributes: CellAttributes(role: .field))
        buffer.write("▏", row: 0, column: used + typed)

        let rows = picker.listing.rows
        let nameWidth = min(max(4, rows.map { DisplayWidth.of($0.name) }.max() ?? 0), max(8, size.width / 2))
        let providerWidth = min(max(9, rows.map { DisplayWidth.of($0.providers) }.max() ?? 0), max(9, size.width / 4))
        let columns = (name: 4, providers: 4 + nameWidth + 2, state: 4 + nameWidth + 2 + providerWidth + 2)
        let header = CellAttributes(bold: true, role: .title)
        buffer.write("USER", row: 1, column: columns.name, attributes: header)
        buffer.write("PROVIDERS", row: 1, column: columns.providers, attributes: header)
        buffer.write("STATE", row: 1, column: columns.state, attributes: header)

        let visible = size.height - 3
        let top = max(0, min(picker.selected - visible + 1, rows.count - visible))
        if rows.isEmpty {
            buffer.write(
                picker.listing.total == 0 ? "No users on this device. Log one in with `roster login`." : "No user matches.", row: 2, column: 4,
                attributes: CellAttributes(role: .hint))
        }
        for (line, index) in (top..<min(rows.count, top + visible)).enumerated() {
            let row = rows[index]
            let screenRow = 2 + line
            let isSelected = index == picker.selected
            let role: ColorRole = row.isCurrent ? .active : row.state == .loggedIn ? .loggedIn : .loggedOut
            var attributes = CellAttributes(bold: row.isCurrent, reverse: isSelected, dim: row.state == .loggedOut && !isSelected, role: .normal)
            if isSelected { buffer.fill(row: screenRow, attributes: attributes) }
            buffer.write(isSelected ? ">" : " ", row: screenRow, column: 0, attributes: attributes)
            attributes.role = role
            buffer.write(row.marker, row: screenRow, column: 2, attributes: attributes)
            attributes.role = .normal
            buffer.write(row.name, row: screenRow, column: columns.name, maxWidth: nameWidth, attributes: attributes)
            buffer.write(row.providers, row: screenRow, column: columns.providers, maxWidth: providerWidth, attributes: attributes)
            attributes.role = role
            buffer.write(row.stateText, row: screenRow, column: columns.state, attributes: attributes)
        }

        let listing = picker.listing
        let count = picker.filter.isEmpty ? "\(listing.total) users" : "\(listing.matching) of \(listing.total) users"
        let shown = listing.matching > rows.count ? " (first \(rows.count); type to narrow)" : ""
        buffer.write(
            count + shown + "   ↑↓ move  Enter switch  Esc cancel", row: size.height - 1, column: 0, attributes: CellAttributes(role: .hint))
        return buffer
    }
}
