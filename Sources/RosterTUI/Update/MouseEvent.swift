/// What the mouse did, and the cell under the pointer (0-based, from the top left).
public struct MouseEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The left button went down (and came up later, or not yet).
        case press, release
        /// The left button pressed and let go in place; twice quickly is a double click.
        case click, doubleClick
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var column: Int
    public var row: Int

    public init(_ kind: Kind, column: Int, row: Int) {
        self.kind = kind
        self.column = column
        self.row = row
    }
}
