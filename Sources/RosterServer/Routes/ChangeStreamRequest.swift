import Foundation
import RosterServerCore
import RosterWire

/// The call a change stream's `baas_request` query parameter carries: the JSON of a
/// `functions/call` body, in base64 (the standard alphabet or the URL one, padded or not).
///
///     let call = try ChangeStreamRequest.call(fromQuery: "eyJuYW1lIjoid2F0Y2giLC4uLn0=", limit: 65536)
package enum ChangeStreamRequest {
    package static func call(fromQuery parameter: String?, limit: Int) throws(ErrorResponse) -> FunctionCall {
        guard let parameter, !parameter.isEmpty else { throw .missingParameter("baas_request") }
        guard parameter.utf8.count <= limit else { throw .invalidParameter("'baas_request' is longer than \(limit) bytes") }
        var text = String(
            parameter.map { character -> Character in
                switch character {
                case "-": "+"
                case "_": "/"
                // A `+` a client left unescaped arrives as a space.
                case " ": "+"
                default: character
                }
            })
        text += String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        guard let body = Data(base64Encoded: text) else {
            throw .invalidParameter("'baas_request' must be the call's JSON in base64")
        }
        return try FunctionCall(body: body)
    }
}
