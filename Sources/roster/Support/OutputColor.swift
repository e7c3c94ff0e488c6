import Foundation
import RosterTUI

/// Whether a command's output is coloured, by the usual conventions: never with `--no-color` or
/// `NO_COLOR` (no-color.org); always with `CLICOLOR_FORCE` (set and not `0`), as for a pager;
/// otherwise only on a terminal that is not `TERM=dumb`. Colour only adds to what the text says.
enum OutputColor {
    static func enabled(noColorFlag: Bool, isTerminal: Bool, environment: [String: String]) -> Bool {
        // The switcher's rule for `--no-color` and `NO_COLOR`, then a command's own: a pipe is plain.
        guard ColorMode.chosen(noColorFlag: noColorFlag, environment: environment) == .color else { return false }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        return isTerminal && environment["TERM"] != "dumb"
    }

    /// For standard output, as this process has it.
    static func forStandardOutput(noColorFlag: Bool) -> Bool {
        enabled(noColorFlag: noColorFlag, isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// SGR codes: bold green for the active user, green for logged in, dim for logged out.
    static let active = "1;32"
    static let loggedIn = "32"
    static let loggedOut = "2"
    static let header = "1"
}
