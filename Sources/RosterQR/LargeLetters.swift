/// A user code in letters five dots high, to read from across a desk: `LargeLetters.picture(of:
/// "WDJB-MJHT")` drawn with half blocks is three text rows. It knows the letters a user code is
/// made of (consonants without look-alikes), the hyphen and the space; nil for any other text,
/// which a front end then shows as it is.
public enum LargeLetters {
    /// Dots a glyph is wide and high; glyphs stand one dot apart.
    public static let glyphWidth = 5
    public static let glyphHeight = 5

    /// The text as one picture, lower case drawn as upper case; nil when a character has no glyph.
    public static func picture(of text: String) -> Bitmap? {
        let rows = text.uppercased().map { glyphs[$0] }
        guard !rows.isEmpty, !rows.contains(where: { $0 == nil }) else { return nil }
        var picture = Bitmap(width: rows.count * (glyphWidth + 1) - 1, height: glyphHeight)
        for (index, glyph) in rows.compactMap({ $0 }).enumerated() {
            for (row, line) in glyph.enumerated() {
                for (column, dot) in line.enumerated() where dot == "#" {
                    picture[row, index * (glyphWidth + 1) + column] = true
                }
            }
        }
        return picture
    }

    /// How many columns the text takes drawn large, or nil when it cannot be.
    public static func width(of text: String) -> Int? {
        picture(of: text)?.width
    }

    private static let glyphs: [Character: [String]] = [
        "B": ["####.", "#...#", "####.", "#...#", "####."],
        "C": [".####", "#....", "#....", "#....", ".####"],
        "D": ["####.", "#...#", "#...#", "#...#", "####."],
        "F": ["#####", "#....", "####.", "#....", "#...."],
        "G": [".####", "#....", "#..##", "#...#", ".####"],
        "H": ["#...#", "#...#", "#####", "#...#", "#...#"],
        "J": ["....#", "....#", "....#", "#...#", ".###."],
        "K": ["#...#", "#..#.", "###..", "#..#.", "#...#"],
        "L": ["#....", "#....", "#....", "#....", "#####"],
        "M": ["#...#", "##.##", "#.#.#", "#...#", "#...#"],
        "N": ["#...#", "##..#", "#.#.#", "#..##", "#...#"],
        "P": ["####.", "#...#", "####.", "#....", "#...."],
        "Q": [".###.", "#...#", "#.#.#", "#..#.", ".##.#"],
        "R": ["####.", "#...#", "####.", "#..#.", "#...#"],
        "S": [".####", "#....", ".###.", "....#", "####."],
        "T": ["#####", "..#..", "..#..", "..#..", "..#.."],
        "V": ["#...#", "#...#", "#...#", ".#.#.", "..#.."],
        "W": ["#...#", "#...#", "#.#.#", "##.##", "#...#"],
        "X": ["#...#", ".#.#.", "..#..", ".#.#.", "#...#"],
        "Z": ["#####", "...#.", "..#..", ".#...", "#####"],
        "-": [".....", ".....", ".###.", ".....", "....."],
        " ": [".....", ".....", ".....", ".....", "....."],
    ]
}
