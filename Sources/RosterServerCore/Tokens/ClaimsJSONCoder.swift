import Foundation
import JWTKit
import RosterWire

/// jwt-kit's JSON coders for the server's tokens: Roster's own claims (`ClaimsDocumentPayload`)
/// are written and read as RosterWire documents, the header every token has is written once and
/// read once for each type it is read as, and everything else (another header, a device page's
/// state) goes through Foundation's coders, as jwt-kit's defaults would.
///
///     let keys = JWTKeyCollection(
///         defaultJWTParser: DefaultJWTParser(jsonDecoder: ClaimsJSONCoder()),
///         defaultJWTSerializer: DefaultJWTSerializer(jsonEncoder: ClaimsJSONCoder()))
package struct ClaimsJSONCoder: JWTJSONEncoder, JWTJSONDecoder {
    private let encoder: any JWTJSONEncoder = .defaultForJWT
    private let decoder: any JWTJSONDecoder = .defaultForJWT
    /// The header of the server's tokens (`TokenService`), and its JSON.
    private static let header = JWTHeader(fields: ["alg": .string("HS256"), "typ": .string("JWT")])
    private static let headerJSON: Data = {
        let encoder: any JWTJSONEncoder = .defaultForJWT
        return (try? encoder.encode(header)) ?? Data()
    }()
    /// The header read as each type it was asked for (jwt-kit reads the algorithm and key id
    /// before it checks a token): a value read from the same bytes is the same value.
    private static let readHeaders = ReadOnce()

    package func encode<T: Encodable>(_ value: T) throws -> Data {
        if let payload = value as? any ClaimsDocumentPayload { return payload.document.data }
        if let header = value as? JWTHeader, header.fields == Self.header.fields, !Self.headerJSON.isEmpty { return Self.headerJSON }
        return try encoder.encode(value)
    }

    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard let payloadType = type as? any ClaimsDocumentPayload.Type else {
            guard data == Self.headerJSON, !(type is AnyObject.Type) else { return try decoder.decode(type, from: data) }
            return try Self.readHeaders.value(for: type) { try decoder.decode(type, from: data) }
        }
        guard let payload = try payloadType.init(document: JSONValue(parsing: data)) as? T else {
            throw DecodingError.typeMismatch(type, .init(codingPath: [], debugDescription: "not the payload asked for"))
        }
        return payload
    }
}

/// A payload whose claims are a JSON document of their own (RosterWire's `document`).
package protocol ClaimsDocumentPayload {
    var document: JSONValue { get }
    init(document: JSONValue) throws
}

extension AccessPayload: ClaimsDocumentPayload {
    package var document: JSONValue { claims.document }
    package init(document: JSONValue) throws { self.init(try AccessTokenClaims(document: document)) }
}

extension RefreshPayload: ClaimsDocumentPayload {
    package var document: JSONValue { claims.document }
    package init(document: JSONValue) throws { self.init(try RefreshTokenClaims(document: document)) }
}

/// Values read once for each type, for bytes that never change.
private final class ReadOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Any] = [:]

    package func value<T>(for type: T.Type, reading: () throws -> T) throws -> T {
        if let known = lock.withLock({ values[ObjectIdentifier(type)] }) as? T { return known }
        let read = try reading()
        lock.withLock { values[ObjectIdentifier(type)] = read }
        return read
    }
}
