import Testing

@testable import RosterQR

@Suite("QR codes from libqrencode")
struct QRCodeTests {
    static let deviceURL = "http://127.0.0.1:8080/device?code=WDJB-MJHT"

    @Test("the device URL at level L is the symbol libqrencode's own qrencode tool draws")
    func knownSymbol() throws {
        let code = try QRCode(encoding: Self.deviceURL)
        #expect(code.version == 3)
        #expect(code.size == 29)
        // `qrencode -t ASCII -m 0 -l L -v 1 'http://127.0.0.1:8080/device?code=WDJB-MJHT'`
        let expected = [
            "#######.#..###.#.##...#######",
            "#.....#.###.##.####.#.#.....#",
            "#.###.#...###.##..#...#.###.#",
            "#.###.#...#...#.....#.#.###.#",
            "#.###.#.####...#.#.#..#.###.#",
            "#.....#.#..#.#.#.##...#.....#",
            "#######.#.#.#.#.#.#.#.#######",
            "........#.###.###..##........",
            "###..##.###..#.#..#######..##",
            "#.#.##.####.....#.#.#.#....##",
            "...##.#.#..#..#.#..##..#.##.#",
            ".#..#...##...###...##.##.....",
            "#.##..#..#.##.#..#.##....#..#",
            "#.#..#..#...#...#.#.#..#...##",
            "#.##..#####.###.#.#.#.#.###.#",
            "..#....##.###...###..##...#..",
            "...#.###.....####..##.....#.#",
            "..####.#..#..#....#.###.##.##",
            "###..##..#.#...##..#.##.....#",
            "..####.###...#.#...#.#.#.##..",
            "##..#.#..#####.#..#.######.#.",
            "........#...#...#.#.#...##..#",
            "#######.....###.....#.#.#...#",
            "#.....#.##.##.##.#..#...###..",
            "#.###.#......###...######...#",
            "#.###.#...#..##.#.#..........",
            "#.###.#.#.##...##..#####.#.##",
            "#.....#.#.#..#.##......#.....",
            "#######.##.###.###..#######.#",
        ]
        #expect(rows(of: code.modules) == expected)
    }

    @Test(
        "the version is the smallest that holds the text at the level",
        arguments: [
            // Byte mode: version 1 holds 17 bytes at L, 7 at H; version 2 holds 32 at L.
            (String(repeating: "a", count: 17), QRCode.Correction.low, 1),
            (String(repeating: "a", count: 18), .low, 2),
            (String(repeating: "a", count: 32), .low, 2),
            (String(repeating: "a", count: 33), .low, 3),
            (String(repeating: "a", count: 7), .high, 1),
            (String(repeating: "a", count: 8), .high, 2),
            // Numeric mode: 41 digits in version 1 at L.
            (String(repeating: "7", count: 41), .low, 1),
            (String(repeating: "7", count: 42), .low, 2),
            // The device URL, 43 characters: its digits go in numeric segments, so it takes
            // version 3 up to M, 4 at Q, 5 at H (as `qrencode -l L|M|Q|H` draws it); all in
            // byte mode it would need version 4 at M.
            (deviceURL, .low, 3),
            (deviceURL, .medium, 3),
            (deviceURL, .quartile, 4),
            (deviceURL, .high, 5),
        ])
    func versionForLength(text: String, correction: QRCode.Correction, version: Int) throws {
        let code = try QRCode(encoding: text, correction: correction)
        #expect(code.version == version)
        #expect(code.size == 17 + 4 * version)
        #expect(code.correction == correction)
    }

    @Test("the format information in the symbol names the level asked for and a valid mask", arguments: QRCode.Correction.allCases)
    func formatInformation(correction: QRCode.Correction) throws {
        let code = try QRCode(encoding: Self.deviceURL, correction: correction)
        let read = formatBits(of: code.modules)
        let decoded = (0..<4).flatMap { level in (0..<8).map { mask in (level, mask) } }
            .first { formatCode(level: $0.0, mask: $0.1) == read }
        let levelBits: [QRCode.Correction: Int] = [.low: 0b01, .medium: 0b00, .quartile: 0b11, .high: 0b10]
        #expect(decoded?.0 == levelBits[correction])
    }

    @Test("the three finder patterns sit in their corners")
    func finderPatterns() throws {
        let modules = try QRCode(encoding: "ROSTER").modules
        #expect(modules.width == 21)
        let finder = ["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"]
        for (top, left) in [(0, 0), (0, 14), (14, 0)] {
            let corner = (0..<7).map { row in String((0..<7).map { modules[top + row, left + $0] ? "#" : "." }) }
            #expect(corner == finder)
        }
    }

    @Test("empty text, a NUL character and text past version 40 are refused")
    func refusals() {
        #expect(throws: QRCode.Failure.empty) { try QRCode(encoding: "") }
        #expect(throws: QRCode.Failure.nulCharacter) { try QRCode(encoding: "a\u{0}b") }
        #expect(throws: QRCode.Failure.tooLong) { try QRCode(encoding: String(repeating: "a", count: 3000)) }
    }

    private func rows(of modules: Bitmap) -> [String] {
        (0..<modules.height).map { row in String((0..<modules.width).map { modules[row, $0] ? "#" : "." }) }
    }

    /// The 15 format bits beside the top-left finder, most significant first.
    private func formatBits(of modules: Bitmap) -> Int {
        let places = [(8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8)]
        return places.reduce(0) { ($0 << 1) | (modules[$1.0, $1.1] ? 1 : 0) }
    }

    /// The format code of a level and mask: a BCH(15,5) code word, masked (ISO/IEC 18004 §7.9).
    private func formatCode(level: Int, mask: Int) -> Int {
        let data = (level << 3) | mask
        var remainder = data << 10
        for bit in stride(from: 14, through: 10, by: -1) where remainder & (1 << bit) != 0 {
            remainder ^= 0b101_0011_0111 << (bit - 10)
        }
        return ((data << 10) | remainder) ^ 0b101_0100_0001_0010
    }
}
