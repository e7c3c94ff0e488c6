import Foundation
import HTTPTypes
import RosterServerCore
import RosterWire

/// The token of an `Authorization: Bearer <token>` header (the scheme in any case, as RFC 6750
/// allows), with the protocol's InvalidSession for a header that is missing or not a bearer one.
///
///     let token = try BearerToken.value(in: request.headers)
package enum BearerToken {
    package static func value(in headers: HTTPFields) throws(ErrorResponse) -> String {
        guard let header = headers[.authorization] else {
            throw .invalidSession(ErrorResponse.Text.mustAuthenticate)
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw .invalidSession("the Authorization header must be 'Bearer <token>'")
        }
        // Spaces and tabs trimmed in Swift: Foundation's trimming goes through NSString, and this
        // runs on every authorized request.
        var token = parts[1].drop(while: isBlank)
        while let last = token.last, isBlank(last) { token = token.dropLast() }
        guard !token.isEmpty else { throw .invalidSession("the Authorization header must be 'Bearer <token>'") }
        return String(token)
    }

    private static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
}
