import Foundation
import RosterWire

/// Frames as the function worker writes them: a 4-byte big-endian length, then that many bytes
/// of JSON text. Bytes arrive in chunks of any size; `next` gives each whole frame once.
///
///     var reader = FrameReader(limit: 64 << 20)
///     reader.append(chunk)
///     while let frame = try reader.next() { … }
struct FrameReader {
    enum Failure: Error { case tooLarge, notJSON }

    let limit: Int
    private var buffered: [UInt8] = []
    private var start = 0

    init(limit: Int) {
        self.limit = limit
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffered.append(contentsOf: bytes)
    }

    /// The next whole frame, parsed; nil until one has arrived.
    mutating func next() throws(Failure) -> JSONValue? {
        guard buffered.count - start >= 4 else { return nil }
        let length = buffered[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= limit else { throw .tooLarge }
        guard buffered.count - start - 4 >= length else { return nil }
        let body = Data(buffered[start + 4..<start + 4 + length])
        start += 4 + length
        if start == buffered.count {
            buffered.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 20 {
            buffered.removeFirst(start)
            start = 0
        }
        guard let frame = try? JSONValue(parsing: body) else { throw .notJSON }
        return frame
    }

    /// `value` as a frame.
    static func frame(_ value: JSONValue) -> [UInt8] {
        let body = Array(value.compactText.utf8)
        let length = UInt32(clamping: body.count)
        return [UInt8(length >> 24 & 0xff), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)] + body
    }
}
