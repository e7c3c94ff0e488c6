import Foundation
import RosterDocuments
import RosterWire

/// A call to `…/functions/call` as its body says it: a named function, or an operation of a data
/// service. Its objects keep their order: a sort specification or a pipeline means something else
/// in another.
///
///     let call = try FunctionCall(body: Data(#"{"name": "findOne", "arguments": [{…}], "service": "mongodb-atlas"}"#.utf8))
package struct FunctionCall: Sendable {
    package var name: String
    package var arguments: [JSONValue]
    /// The service named; nil for one of the app's named functions.
    package var service: String?

    package init(name: String, arguments: [JSONValue], service: String? = nil) {
        self.name = name
        self.arguments = arguments
        self.service = service
    }

    /// The call a request body holds; the protocol's BadRequest, MissingParameter or
    /// InvalidParameter when it holds none.
    package init(body: Data) throws(ErrorResponse) {
        let request = try WireBody.object(from: body)
        guard let name = request["name"]?.stringValue, !name.isEmpty else { throw .missingParameter("name") }
        switch request["arguments"] {
        case nil, .null?: arguments = []
        case .array(let given)?: arguments = given
        default: throw .invalidParameter("'arguments' must be an array")
        }
        switch request["service"] {
        case nil, .null?: service = nil
        case .string(let named)?: service = named
        default: throw .invalidParameter("'service' must be a string")
        }
        self.name = name
    }
}
