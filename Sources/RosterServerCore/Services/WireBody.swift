import Foundation
import RosterWire

/// Decodes request bodies with the protocol's answers for bad input: not JSON or not an object
/// is BadRequest, a missing field MissingParameter, a wrong type InvalidParameter. An empty body
/// reads as `{}`. Unknown fields are ignored.
package enum WireBody {
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ErrorResponse) -> T {
        let document = try object(from: data)
        do {
            return try WireCoding.decode(type, from: document.data)
        } catch let error as DecodingError {
            throw map(error)
        } catch {
            throw .badRequest("the request body cannot be read")
        }
    }

    /// The body as a JSON object.
    package static func object(from data: Data) throws(ErrorResponse) -> JSONValue {
        guard !data.isEmpty, !data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return .emptyObject }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            throw .badRequest("the request body is not valid JSON")
        }
        guard case .object = value else { throw .badRequest("the request body must be a JSON object") }
        return value
    }

    private static func map(_ error: DecodingError) -> ErrorResponse {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return .missingParameter(path(context.codingPath + [key]))
        case .valueNotFound(_, let context): return .missingParameter(path(context.codingPath))
        case .typeMismatch(_, let context): return .invalidParameter("parameter '\(path(context.codingPath))' has the wrong type")
        case .dataCorrupted(let context): return .invalidParameter("parameter '\(path(context.codingPath))' is invalid")
        @unknown default: return .badRequest("the request body cannot be read")
        }
    }
}
