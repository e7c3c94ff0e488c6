import CNCurses

/// Colour pairs for the roles of `CellAttributes`. On a monochrome screen roles draw as plain
/// text and only bold, reverse and dim remain.
struct Palette {
    let mode: ColorMode
    let theme: Theme

    /// Every role that has colours, each a colour pair of its own (numbered from 1).
    private static let roles: [ColorRole] = [.title, .active, .loggedIn, .loggedOut, .error, .hint, .field, .code]

    /// Starts colour and defines the pairs; nothing on a monochrome screen. A palette number the
    /// terminal does not have draws in its own colour.
    func start() {
        guard mode == .color else { return }
        start_color()
        use_default_colors()
        let available = Int16(clamping: roster_colors())
        for (index, role) in Self.roles.enumerated() {
            let colors = theme.colors(role)
            init_pair(Int16(index + 1), colors.foreground < available ? colors.foreground : -1, colors.background < available ? colors.background : -1)
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
        guard mode == .color, let index = Self.roles.firstIndex(of: attributes.role) else {
            return (value, 0)
        }
        return (value, Int16(index + 1))
    }
}
