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
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
            let data = base64URLDecode(String(parts[1]))
        else { throw Failure.notAJWT }
        return data
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

    static func base64URLDecode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard base64.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "/") }) else {
            return nil
        }
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
