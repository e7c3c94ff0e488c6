import Foundation
import RosterWire

/// A request body decoded into the Admin API's form of a resource, with App Services' words
/// for what is wrong: the field missing or of the wrong type, named by its path.
///
///     let function = try AdminRequestBody.decode(AdminFunction.self, from: body)
public enum AdminRequestBody {
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(AdminResourceError) -> T {
        do {
            return try WireCoding.decode(type, from: data)
        } catch let error as AdminResourceError {
            throw error
        } catch DecodingError.keyNotFound(let key, let context) {
            throw .missing(path(context.codingPath + [key]))
        } catch DecodingError.valueNotFound(let wanted, let context) {
            throw .invalid(path(context.codingPath), "must be \(words(for: wanted)), not null")
        } catch DecodingError.typeMismatch(let wanted, let context) {
            throw .invalid(path(context.codingPath), "must be \(words(for: wanted))")
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            throw .invalid(path(context.codingPath), context.debugDescription)
        } catch {
            throw AdminResourceError(status: 400, code: "BadRequest", message: "the request body is not the JSON object this resource takes")
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func words(for type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "a boolean"
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is [String].Type: "an array of strings"
        default: type is any Collection.Type ? "an array" : "an object"
        }
    }
}
