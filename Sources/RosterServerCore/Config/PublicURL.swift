import Foundation
import Synchronization

/// The base of every link the server writes: reset and confirmation messages, the device log-in's
/// `verification_uri`, the account pages' forms, OAuth `redirect_uri`s and the location answer.
/// It comes from configuration (`publicURL`), or else from the address the server listens on;
/// never from a request, whose `Host` or forwarded headers anybody can write.
///
///     let base = try PublicURL(parsing: "https://auth.example.com/roster/")
///     base.text  // "https://auth.example.com/roster"
public struct PublicURL: Sendable, Equatable, CustomStringConvertible {
    /// `scheme://host[:port][/path]`, without a trailing slash.
    public let text: String

    public var description: String { text }

    /// Why a configured public URL was refused, in words.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a configured base: an `http` or `https` URL with a host, and nothing a link cannot
    /// carry (no user, query or fragment).
    public init(parsing raw: String) throws(Invalid) {
        let refusal = Invalid(description: "a public URL is http:// or https://, a host and an optional port and path, such as https://auth.example.com; '\(raw.prefix(200))' is not one")
        guard raw.utf8.count <= 2048, !raw.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false }),
            let components = URLComponents(string: raw), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil, components.query == nil, components.fragment == nil
        else { throw refusal }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let port = components.port.map { ":\($0)" } ?? ""
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        text = "\(scheme)://\(shownHost.lowercased())\(port)\(path)"
    }

    /// The base of a server listening on `host` and `port`: nil for an address that listens on
    /// every interface (`0.0.0.0`, `::`), which names no address a person could open.
    public static func listening(host: String, port: Int) -> PublicURL? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard !bare.isEmpty, !["0.0.0.0", "::", "0:0:0:0:0:0:0:0"].contains(bare) else { return nil }
        return try? PublicURL(parsing: "http://\(bare.contains(":") ? "[\(bare)]" : bare):\(port)")
    }

    /// The in-process server's base: it listens nowhere, so its links name this machine.
    package static let inProcess = PublicURL(trusted: "http://127.0.0.1")

    private init(trusted text: String) {
        self.text = text
    }

    /// The socket base of the location answer: `ws://` for `http://`, `wss://` for `https://`.
    package var webSocketText: String {
        text.hasPrefix("https://") ? "wss://" + text.dropFirst(8) : "ws://" + text.dropFirst(7)
    }
}

/// `serve` on an address that listens on every interface, with no public URL configured.
public struct PublicURLNeeded: Error, CustomStringConvertible {
    public let host: String

    package init(host: String) {
        self.host = host
    }

    public var description: String {
        "listening on \(host) names no address people can open: give the public URL the server's links start with (publicURL)"
    }
}

/// The base of a server listening on a port it learns only once bound: written once, then read
/// by every request.
package final class BoundBase: Sendable {
    private let lock = Mutex<PublicURL?>(nil)

    package init() {}
    package var value: PublicURL? {
        get { lock.withLock { $0 } }
        set { lock.withLock { $0 = newValue } }
    }
}
