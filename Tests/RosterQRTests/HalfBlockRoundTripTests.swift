import Foundation
import SpawnCloseFrom
import Testing

@testable import RosterQR

@Suite("Half-block pictures")
struct HalfBlockRoundTripTests {
    @Test("two rows of dots make one row of half blocks, with the 4-module quiet zone round the symbol")
    func halfBlocks() throws {
        var bitmap = Bitmap(width: 4, height: 3)
        bitmap[0, 0] = true; bitmap[1, 0] = true  // both
        bitmap[0, 1] = true  // upper
        bitmap[1, 2] = true  // lower
        bitmap[2, 3] = true  // upper of the last, half-filled row
        #expect(bitmap.halfBlockLines == ["█▀▄ ", "   ▀"])

        let code = try QRCode(encoding: "ROSTER")
        let lines = code.picture().halfBlockLines
        #expect(lines.count == (21 + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == 21 + 8 })
        // The quiet zone: two blank rows above, four blank columns left, and the finder's top edge.
        #expect(lines[0].allSatisfy { $0 == " " } && lines[1].allSatisfy { $0 == " " })
        #expect(lines[2].hasPrefix("    █▀▀▀▀▀█"))
        #expect(Bitmap(halfBlockLines: lines) == code.picture().extended(toHeight: lines.count * 2))
    }

    @Test("the drawn device URL, read back into dots and scanned by zbarimg, is the URL")
    func zbarReadsTheDrawnCode() throws {
        let url = "http://127.0.0.1:8080/device?code=WDJB-MJHT"
        let lines = try QRCode(encoding: url).picture().halfBlockLines
        let bitmap = try #require(Bitmap(halfBlockLines: lines))
        #expect(try scan(bitmap) == url)
    }

    @Test("a long URL at a higher version scans back too")
    func zbarReadsALongerCode() throws {
        let url = "https://roster.example.org/device?code=BCDF-GHJK&app=roster-demo&terminal=lab-3"
        let code = try QRCode(encoding: url, correction: .medium)
        #expect(code.version > 4)
        let bitmap = try #require(Bitmap(halfBlockLines: code.picture().halfBlockLines))
        #expect(try scan(bitmap) == url)
    }

    @Test("a user code drawn in large letters: five dots high, three text rows, letters one dot apart")
    func largeLetters() throws {
        let picture = try #require(LargeLetters.picture(of: "wdjb-mjht"))
        #expect(picture.height == 5)
        #expect(picture.width == 9 * 6 - 1)
        let lines = picture.halfBlockLines
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("█   █ █▀▀▀▄ "))
        #expect(LargeLetters.picture(of: "WDJB-MJHT") == picture)
        #expect(LargeLetters.picture(of: "ABC") == nil)  // no vowels in a user code
        #expect(LargeLetters.picture(of: "") == nil)
        #expect(LargeLetters.width(of: "BCDF") == 23)
    }

    /// Writes the dots as a PBM image, four pixels a dot, and asks zbarimg what it reads.
    private func scan(_ bitmap: Bitmap) throws -> String {
        let scale = 4
        var text = "P1\n\(bitmap.width * scale) \(bitmap.height * scale)\n"
        for row in 0..<bitmap.height * scale {
            text += (0..<bitmap.width * scale).map { bitmap[row / scale, $0 / scale] ? "1" : "0" }.joined(separator: " ") + "\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roster-qr-\(UUID().uuidString).pbm")
        try text.write(to: file, atomically: true, encoding: .ascii)
        defer { try? FileManager.default.removeItem(at: file) }
        let ran = try ToolRun.run(URL(fileURLWithPath: "/usr/bin/zbarimg"), ["--quiet", "--raw", file.path], errorsDiscarded: true)
        #expect(ran.status == 0, "\(ran.output)")
        return ran.output.trimmingCharacters(in: .newlines)
    }
}

extension Bitmap {
    /// The same dots on a taller, light-bottomed picture.
    fileprivate func extended(toHeight newHeight: Int) -> Bitmap {
        var taller = Bitmap(width: width, height: newHeight)
        for row in 0..<height {
            for column in 0..<width where self[row, column] { taller[row, column] = true }
        }
        return taller
    }
}
