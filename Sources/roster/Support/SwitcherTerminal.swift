import CNCurses

/// Whether the terminal can hold the full-screen switcher, asked of terminfo before curses
/// starts: a terminal that cannot move its cursor (`TERM=dumb`, an editor's shell buffer) would
/// get a scrolling mess, and curses left half-started on the line.
enum SwitcherTerminal {
    /// Why the switcher cannot run here, or nil when it can.
    static func refusal(term: String?) -> CommandFailure? {
        let subcommands = "use the subcommands, e.g. roster users"
        switch roster_terminal_can_address_cursor() {
        case 1:
            return nil
        case 0:
            return CommandFailure("this terminal (TERM=\(term ?? "")) cannot run the switcher; \(subcommands)")
        default:
            guard let term, !term.isEmpty else {
                return CommandFailure("TERM is not set, so the switcher cannot run; set it (e.g. TERM=xterm-256color) or \(subcommands)")
            }
            return CommandFailure("the terminal type '\(term)' is unknown here, so the switcher cannot run; set TERM (e.g. xterm-256color) or \(subcommands)")
        }
    }
}
