import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636, S256): the provider is given the challenge when the
/// person is sent to it, and the code it hands back is good only with the verifier, which
/// never leaves the server but for the token endpoint.
package enum PKCE {
    /// `BASE64URL(SHA256(verifier))`.
    package static func challenge(of verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
