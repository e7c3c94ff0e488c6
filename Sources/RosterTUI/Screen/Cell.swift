/// One column of the screen. A wide character fills its first cell; the next cell is a
/// continuation (`text` empty) that draws nothing.
public struct Cell: Sendable, Equatable {
    public var text: String
    public var attributes: CellAttributes

    public init(text: String = " ", attributes: CellAttributes = .plain) {
        self.text = text
        self.attributes = attributes
    }

    public static let blank = Cell()
    public var isContinuation: Bool { text.isEmpty }
}
