import Foundation

/// Reads the payload of a JWT without checking its signature, as a client does with its own
/// tokens (the server checks signatures; the client only needs `exp` and `user_data`).
///
///     let claims = try UnverifiedJWT.claims(AccessTokenClaims.self, of: token)
public enum UnverifiedJWT {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// Not three base64url segments.
        case notAJWT
        /// The payload is not the JSON expected.
        case badPayload(String)

        public var description: String {
            switch self {
            case .notAJWT: "the token is not a JWT (three base64url segments)"
            case .badPayload(let why): "the token's payload cannot be read: \(why)"
            }
        }
    }

    /// The decoded payload bytes.
    public static func payload(of token: String) throws -> Data {
        let bytes = Array(token.utf8)
        let dot = UInt8(ascii: ".")
        guard let first = bytes.firstIndex(of: dot), let second = bytes[(first + 1)...].firstIndex(of: dot),
            bytes[(second + 1)...].firstIndex(of: dot) == nil, first > 0, second > first + 1,
            let data = base64URLDecode(bytes[(first + 1)..<second])
        else { throw Failure.notAJWT }
        return data
    }

    /// The header (`alg`, `kid`, `typ`) as a JSON document; a server picks the key by it before
    /// it checks the signature.
    public static func headerDocument(of token: String) throws -> JSONValue {
        _ = try payload(of: token)
        let bytes = Array(token.utf8)
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")), let data = base64URLDecode(bytes[..<dot]),
            let header = try? JSONValue(parsing: data), header.objectValue != nil
        else { throw Failure.notAJWT }
        return header
    }

    /// The payload decoded as `T`.
    public static func claims<T: Decodable>(_ type: T.Type, of token: String) throws -> T {
        let data = try payload(of: token)
        do {
            return try WireCoding.decode(type, from: data)
        } catch {
            throw Failure.badPayload(String(describing: error).prefix(120).description)
        }
    }

    /// An access token's claims, read with the exact parser, so the custom user data keeps the
    /// order of its fields (a JSON decoder keeps none).
    public static func accessClaims(of token: String) throws -> AccessTokenClaims {
        let document = try payloadDocument(of: token)
        do {
            return try AccessTokenClaims(document: document)
        } catch {
            throw Failure.badPayload(error.description)
        }
    }

    /// The payload as a JSON document, read with the exact parser: quicker than decoding a type
    /// when only a few claims are wanted from many tokens.
    public static func payloadDocument(of token: String) throws -> JSONValue {
        do {
            return try JSONValue(parsing: try payload(of: token))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.badPayload("not JSON")
        }
    }

    static func base64URLDecode(_ text: ArraySlice<UInt8>) -> Data? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count + 3)
        for byte in text {
            switch byte {
            case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "+"), UInt8(ascii: "/"):
                bytes.append(byte)
            default: return nil
            }
        }
        while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(bytes))
    }
}
