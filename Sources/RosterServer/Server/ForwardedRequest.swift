import Foundation
import HTTPTypes

/// What a request says about its client when it came through a reverse proxy: the client's
/// address, and the scheme and host the client used. Taken from `Forwarded` (RFC 7239), or from
/// `X-Forwarded-For`/`-Proto`/`-Host`, and only when the connection comes from a trusted proxy;
/// from anyone else those headers are ignored, as anybody can send them.
///
///     let forwarded = ForwardedRequest(headers: request.headers, peer: "10.0.0.2", trusted: ["10.0.0.2"])
///     forwarded.clientAddress  // "203.0.113.7", the address the proxy saw
struct ForwardedRequest: Equatable {
    /// The client's address: the nearest address in the chain that is not a trusted proxy.
    var clientAddress: String?
    var scheme: String?
    var host: String?

    init(headers: HTTPFields, peer: String?, trusted: Set<String>) {
        clientAddress = peer
        guard let peer, trusted.contains(peer) else { return }
        var chain: [String] = []
        if let forwarded = headers[HTTPField.Name("Forwarded")!] {
            let elements = Self.elements(of: forwarded)
            chain = elements.compactMap { $0["for"].map(Self.bareAddress) }
            // The proxy nearest to Roster wrote the last element.
            scheme = elements.last?["proto"]
            host = elements.last?["host"]
        } else {
            chain = headers[values: HTTPField.Name("X-Forwarded-For")!].flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            scheme = headers[HTTPField.Name("X-Forwarded-Proto")!]?.split(separator: ",").last
                .map { $0.trimmingCharacters(in: .whitespaces) }
            host = headers[HTTPField.Name("X-Forwarded-Host")!]?.split(separator: ",").last
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // From the nearest hop outwards, the first address no trusted proxy holds.
        clientAddress = chain.reversed().first { !trusted.contains($0) } ?? chain.first ?? peer
        if let value = scheme, !["http", "https"].contains(value.lowercased()) { scheme = nil }
        if let value = host, value.isEmpty || value.contains(where: { $0 == "/" || $0 == " " || $0 == "@" }) { host = nil }
    }

    /// `for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"` as one dictionary per element.
    static func elements(of value: String) -> [[String: String]] {
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
    static func bareAddress(_ text: String) -> String {
        if text.hasPrefix("["), let end = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<end])
        }
        let colons = text.filter { $0 == ":" }.count
        if colons == 1, let colon = text.firstIndex(of: ":") { return String(text[..<colon]) }
        return text
    }
}
