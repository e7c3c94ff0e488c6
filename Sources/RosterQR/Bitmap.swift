/// A picture of dark and light dots, drawn on a terminal with half blocks: each text row holds
/// two rows of dots (`▀` the upper one dark, `▄` the lower, `█` both, a space neither), so the
/// dots come out about square in a terminal's tall cells.
///
/// ```swift
/// let picture = try QRCode(encoding: url).picture()
/// for line in picture.halfBlockLines { print(line) }
/// ```
public struct Bitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    private var dots: [Bool]

    /// A light picture of the given size.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        dots = Array(repeating: false, count: self.width * self.height)
    }

    /// Whether the dot is dark; outside the picture everything is light.
    public subscript(row: Int, column: Int) -> Bool {
        get {
            guard (0..<height).contains(row), (0..<width).contains(column) else { return false }
            return dots[row * width + column]
        }
        set {
            guard (0..<height).contains(row), (0..<width).contains(column) else { return }
            dots[row * width + column] = newValue
        }
    }

    /// The picture inside a light border `margin` dots wide (a QR code's quiet zone).
    public func padded(by margin: Int) -> Bitmap {
        var padded = Bitmap(width: width + 2 * margin, height: height + 2 * margin)
        for row in 0..<height {
            for column in 0..<width where self[row, column] {
                padded[row + margin, column + margin] = true
            }
        }
        return padded
    }

    /// The picture as text rows, dark dots as ink: `(height + 1) / 2` rows of `width` characters.
    /// A terminal must paint ink dark on light for a QR code to scan (the front ends set colours).
    public var halfBlockLines: [String] {
        stride(from: 0, to: height, by: 2).map { row in
            String((0..<width).map { column in
                Self.halfBlock(upper: self[row, column], lower: self[row + 1, column])
            })
        }
    }

    /// The character for two dots, one above the other.
    public static func halfBlock(upper: Bool, lower: Bool) -> Character {
        switch (upper, lower) {
        case (true, true): "█"
        case (true, false): "▀"
        case (false, true): "▄"
        case (false, false): " "
        }
    }

    /// The dots behind half-block text (the reverse of `halfBlockLines`), or nil when the text
    /// holds another character; for tests that read a drawn picture back.
    public init?(halfBlockLines lines: [String]) {
        let width = lines.map(\.count).max() ?? 0
        self.init(width: width, height: lines.count * 2)
        for (index, line) in lines.enumerated() {
            for (column, character) in line.enumerated() {
                switch character {
                case "█": self[2 * index, column] = true; self[2 * index + 1, column] = true
                case "▀": self[2 * index, column] = true
                case "▄": self[2 * index + 1, column] = true
                case " ": break
                default: return nil
                }
            }
        }
    }
}
