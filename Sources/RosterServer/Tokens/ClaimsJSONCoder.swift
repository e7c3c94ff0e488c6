import Foundation
import JWTKit
import RosterWire

/// jwt-kit's JSON coders for the server's tokens: Roster's own claims (`ClaimsDocumentPayload`)
/// are written and read as RosterWire documents, and everything else (the header, a device
/// page's state) goes through Foundation's coders, as jwt-kit's defaults would.
///
///     JWTKeyCollection(
///         defaultJWTParser: DefaultJWTParser(jsonDecoder: ClaimsJSONCoder()),
///         defaultJWTSerializer: DefaultJWTSerializer(jsonEncoder: ClaimsJSONCoder()))
struct ClaimsJSONCoder: JWTJSONEncoder, JWTJSONDecoder {
    private let encoder: any JWTJSONEncoder = .defaultForJWT
    private let decoder: any JWTJSONDecoder = .defaultForJWT

    func encode<T: Encodable>(_ value: T) throws -> Data {
        guard let payload = value as? any ClaimsDocumentPayload else { return try encoder.encode(value) }
        return payload.document.data
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard let payloadType = type as? any ClaimsDocumentPayload.Type else { return try decoder.decode(type, from: data) }
        guard let payload = try payloadType.init(document: JSONValue(parsing: data)) as? T else {
            throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "not the payload asked for"))
        }
        return payload
    }
}

/// A payload whose claims are a JSON document of their own (RosterWire's `document`).
protocol ClaimsDocumentPayload {
    var document: JSONValue { get }
    init(document: JSONValue) throws
}

extension AccessPayload: ClaimsDocumentPayload {
    var document: JSONValue { claims.document }
    init(document: JSONValue) throws { self.init(try AccessTokenClaims(document: document)) }
}

extension RefreshPayload: ClaimsDocumentPayload {
    var document: JSONValue { claims.document }
    init(document: JSONValue) throws { self.init(try RefreshTokenClaims(document: document)) }
}
