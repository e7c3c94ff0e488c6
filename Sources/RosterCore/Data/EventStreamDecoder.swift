import Foundation

/// Reads `text/event-stream` as App Services writes a change stream, a chunk at a time: lines end
/// with LF (a CR before it is dropped), `data:` lines of one event are joined, a blank line ends
/// the event, comment lines (`:`) are skipped, and the `%25`, `%0A` and `%0D` the server writes
/// for `%`, LF and CR are undone. Bytes are kept until their line is whole, so a character split
/// between chunks arrives whole.
///
///     var decoder = EventStreamDecoder()
///     decoder.feed(Data("data: {\"a\":1}\n\n".utf8)) // [.init(type: "message", data: "{\"a\":1}")]
public struct EventStreamDecoder: Sendable {
    public struct Event: Sendable, Equatable {
        /// `message` unless the stream named another (`error`).
        public var type: String
        public var data: String

        public init(type: String, data: String) {
            self.type = type
            self.data = data
        }
    }

    /// The longest line kept while waiting for its end; a longer one ends the stream.
    public static let maximumLineBytes = 16 << 20

    /// The comment lines read so far: a stream's keep-alives.
    public private(set) var comments = 0

    private var pending: [UInt8] = []
    private var data: String?
    private var type = ""

    public init() {}

    /// The events the chunk completes, in order.
    public mutating func feed(_ chunk: Data) throws -> [Event] {
        var events: [Event] = []
        pending.append(contentsOf: chunk)
        var start = 0
        while let newline = pending[start...].firstIndex(of: 0x0A) {
            var end = newline
            if end > start, pending[end - 1] == 0x0D { end -= 1 }
            line(String(decoding: pending[start..<end], as: UTF8.self), into: &events)
            start = newline + 1
        }
        pending.removeFirst(start)
        guard pending.count <= Self.maximumLineBytes else { throw EventStreamTooLong() }
        return events
    }

    private mutating func line(_ line: String, into events: inout [Event]) {
        if line.isEmpty {
            if let data { events.append(Event(type: type.isEmpty ? "message" : type, data: Self.decoded(data))) }
            (data, type) = (nil, "")
            return
        }
        if line.hasPrefix(":") {
            comments += 1
            return
        }
        let (field, value): (Substring, Substring)
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            let rest = line[line.index(after: colon)...]
            value = rest.first == " " ? rest.dropFirst() : rest
        } else {
            (field, value) = (line[...], "")
        }
        switch field {
        case "data": data = data.map { $0 + "\n" + value } ?? String(value)
        case "event": type = String(value)
        default: break
        }
    }

    /// `%25`, `%0A` and `%0D` as `%`, LF and CR; any other `%` as it is.
    static func decoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var result = ""
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let code = rest[percent...].prefix(3)
            switch code {
            case "%25": result += "%"
            case "%0A": result += "\n"
            case "%0D": result += "\r"
            default: result += code
            }
            rest = rest[code.endIndex...]
        }
        return result + rest
    }
}

/// A stream sent a line longer than `EventStreamDecoder.maximumLineBytes`.
public struct EventStreamTooLong: Error, Equatable {}
