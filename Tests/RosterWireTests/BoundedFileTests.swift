import Foundation
import Testing

@testable import RosterWire

/// Every file Roster reads is read with a bound: a file over it, a FIFO or a folder is refused
/// in words before anything parses it, and a link is followed.
@Suite struct BoundedFileTests {
    @Test(.timeLimit(.minutes(1))) func filesAreReadUpToTheirBoundAndNoFurther() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.json")
        try Data(repeating: 0x41, count: 1024).write(to: file)
        #expect(try BoundedFile.read(file.path, atMost: 1024).count == 1024)
        #expect(throws: BoundedFile.Refusal(path: file.path, reason: .tooLarge(limit: 1023))) {
            try BoundedFile.read(file.path, atMost: 1023)
        }
        #expect(BoundedFile.Refusal(path: "/x", reason: .tooLarge(limit: 1 << 20)).description == "/x: over 1 MiB, more than such a file holds")

        let missing = folder.appendingPathComponent("none.json").path
        #expect(throws: BoundedFile.Refusal(path: missing, reason: .missing)) { try BoundedFile.read(missing, atMost: 10) }
        #expect(throws: BoundedFile.Refusal(path: folder.path, reason: .notRegular)) { try BoundedFile.read(folder.path, atMost: 10) }
        // A FIFO nobody writes to is refused at once, not waited on.
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: BoundedFile.Refusal(path: fifo, reason: .notRegular)) { try BoundedFile.read(fifo, atMost: 10) }
        // A device that never ends is not a regular file either.
        #expect(throws: BoundedFile.Refusal(path: "/dev/zero", reason: .notRegular)) { try BoundedFile.read("/dev/zero", atMost: 10) }
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(try BoundedFile.read(link.path, atMost: 2048).count == 1024)
    }
}
