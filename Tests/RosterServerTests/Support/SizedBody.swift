import Foundation

/// Request bodies of an exact size, to probe a body limit at its edge: the limit, one byte
/// under and one over.
enum SizedBody {
    /// A JSON object of exactly `bytes` bytes: `leading` (members with their trailing comma,
    /// `"name":"ci",`) and then a `padding` string that fills it up.
    ///
    ///     SizedBody.json(bytes: 1024)   // {"padding":"xxx…"}, 1,024 bytes
    static func json(bytes: Int, leading: String = "") -> Data {
        let frame = "{\(leading)\"padding\":\"\"}"
        let body = "{\(leading)\"padding\":\"" + String(repeating: "x", count: max(0, bytes - frame.utf8.count)) + "\"}"
        precondition(body.utf8.count == bytes, "a body of \(bytes) bytes cannot hold \(frame)")
        return Data(body.utf8)
    }
}
