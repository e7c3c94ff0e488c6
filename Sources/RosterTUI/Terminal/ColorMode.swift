/// Whether the screen uses colour. Every state also shows as text (`*`, `+`, `-`, "error:"),
/// so monochrome loses nothing.
public enum ColorMode: Sendable, Equatable {
    case color, monochrome

    /// Monochrome when asked with `--no-color`, or when `NO_COLOR` is set to anything non-empty
    /// (no-color.org); the terminal itself may still turn colour down.
    public static func chosen(noColorFlag: Bool, environment: [String: String]) -> ColorMode {
        if noColorFlag { return .monochrome }
        if let value = environment["NO_COLOR"], !value.isEmpty { return .monochrome }
        return .color
    }
}
