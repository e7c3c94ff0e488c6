/// What a colour terminal paints a cell as. A role, not a colour: the backend maps roles to
/// colours, or to nothing on a monochrome terminal, so every state must also show as text.
public enum ColorRole: Sendable, Equatable {
    case normal, title, active, loggedIn, loggedOut, error, hint, field
    /// A QR code: dark on light whatever the terminal's own colours, or it does not scan.
    case code
}

/// How one cell is drawn: curses attributes (bold, reverse, dim) plus a colour role.
public struct CellAttributes: Sendable, Equatable {
    public var bold: Bool
    public var reverse: Bool
    public var dim: Bool
    public var role: ColorRole

    public init(bold: Bool = false, reverse: Bool = false, dim: Bool = false, role: ColorRole = .normal) {
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
        self.role = role
    }

    public static let plain = CellAttributes()
}
