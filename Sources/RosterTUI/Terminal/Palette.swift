import CNCurses

/// Colour pairs for the roles of `CellAttributes`. On a monochrome screen roles draw as plain
/// text and only bold, reverse and dim remain.
struct Palette {
    let mode: ColorMode

    private static let pairs: [(role: ColorRole, foreground: Int16, background: Int16)] = [
        (.title, Int16(COLOR_WHITE), Int16(COLOR_BLUE)),
        (.active, Int16(COLOR_GREEN), -1),
        (.loggedIn, Int16(COLOR_CYAN), -1),
        (.loggedOut, Int16(COLOR_YELLOW), -1),
        (.error, Int16(COLOR_RED), -1),
        (.hint, -1, -1),
        (.field, Int16(COLOR_MAGENTA), -1),
        (.code, Int16(COLOR_BLACK), Int16(COLOR_WHITE)),
    ]

    /// Starts colour and defines the pairs; nothing on a monochrome screen.
    func start() {
        guard mode == .color else { return }
        start_color()
        use_default_colors()
        for (index, pair) in Self.pairs.enumerated() {
            init_pair(Int16(index + 1), pair.foreground, pair.background)
        }
    }

    /// The curses attributes and colour pair of a cell.
    func curses(_ attributes: CellAttributes) -> (attr_t, Int16) {
        var value = roster_a_normal()
        if attributes.bold { value |= roster_a_bold() }
        if attributes.reverse { value |= roster_a_reverse() }
        if attributes.dim { value |= roster_a_dim() }
        // Without colours a QR code draws in reverse video: dark ink on the light of most
        // terminals' text colour.
        if attributes.role == .code, mode != .color { value |= roster_a_reverse() }
        guard mode == .color, let index = Self.pairs.firstIndex(where: { $0.role == attributes.role }) else {
            return (value, 0)
        }
        return (value, Int16(index + 1))
    }
}
