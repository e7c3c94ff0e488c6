import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServerCore
import RosterWire

/// Converts between RosterWire's transport values and Hummingbird's requests and responses,
/// for the in-process responder.
package enum WireBridge {
    package static func request(from wire: WireRequest) -> Request {
        var fields = HTTPFields()
        for (name, value) in wire.headers {
            guard name.lowercased() != "host", let fieldName = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        let body = wire.body ?? Data()
        fields[.contentLength] = String(body.count)
        let method = HTTPRequest.Method(wire.method.rawValue) ?? .get
        let head = HTTPRequest(method: method, scheme: nil, authority: wire.headers["host"], path: wire.target, headerFields: fields)
        return Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body)))
    }

    package static func wireResponse(from response: Response) async -> WireResponse {
        var headers: [String: String] = [:]
        for field in response.headers {
            headers[field.name.canonicalName.lowercased()] = field.value
        }
        let body = (try? await ResponseCollector.body(of: response)) ?? Data()
        return WireResponse(status: response.status.code, headers: headers, body: body)
    }
}
