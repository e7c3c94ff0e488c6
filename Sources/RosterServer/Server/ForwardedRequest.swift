import Foundation
import HTTPTypes
import RosterServerCore

/// The client's address of a request that may have come through a reverse proxy. From a peer
/// that is not a trusted proxy, the peer. From a trusted proxy, the rightmost address of the
/// configured header that no trusted proxy holds: the address the outermost trusted proxy saw;
/// what stands left of it the client wrote itself, and is never believed. Only the configured
/// header is read, since a proxy that appends to `X-Forwarded-For` passes a client's own
/// `Forwarded` through untouched; and an entry that is not an IP address (`unknown`, a name)
/// stands for the proxy itself. Scheme and host are never read from a request:
/// links come from `PublicURL`.
///
///     ForwardedRequest.clientAddress(headers: h, peer: "10.0.0.2", trusted: ["10.0.0.2"], header: .xForwardedFor)
///     // "203.0.113.7" for `X-Forwarded-For: 198.51.100.1, 203.0.113.7`
package enum ForwardedRequest {
    package static func clientAddress(headers: HTTPFields, peer: String?, trusted: Set<String>, header: ForwardedHeader) -> String? {
        guard let peer, trusted.contains(peer) else { return peer }
        let values = headers[values: HTTPField.Name(header.rawValue)!]
        let chain: [String] =
            switch header {
            case .xForwardedFor:
                values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { $0.trimmingCharacters(in: .whitespaces) }
            case .forwarded: values.flatMap(elements).map { $0["for"] ?? "" }
            }
        for entry in chain.reversed() {
            let address = bareAddress(entry)
            guard ListenAddress.isIPAddress(address) else { return peer }
            if !trusted.contains(address) { return address }
        }
        return peer
    }

    /// `for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"` as one dictionary per element.
    package static func elements(of value: String) -> [[String: String]] {
        value.split(separator: ",").map { element in
            var pairs: [String: String] = [:]
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { continue }
                pairs[parts[0].lowercased()] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            return pairs
        }
    }

    /// An address without brackets or port: `"[2001:db8::1]:4711"` is `2001:db8::1`, `192.0.2.60:80` is `192.0.2.60`.
    package static func bareAddress(_ text: String) -> String {
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<end])
        }
        let colons = text.filter { $0 == ":" }.count
        if colons == 1, let colon = text.firstIndex(of: ":") { return String(text[..<colon]) }
        return text
    }
}
