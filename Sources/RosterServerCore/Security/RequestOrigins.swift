import RosterWire

/// The origins a browser page may call an app from (`allowedRequestOrigins`), and the one rule
/// every place that decides applies: a request without `Origin` (a native SDK, a script,
/// `roster`) is always served; with no list every origin is allowed, as in App Services; with a
/// list, the request's `Origin` must equal one of its entries exactly. Entries are origins
/// `scheme://host[:port]` (scheme `http` or `https`; no path, query, fragment or user), written
/// to the form browsers send: scheme and host lowercased, a default port (80, 443) dropped.
/// CORS decides what a page may read, not who the caller is: it is no authentication.
///
///     let origins = try RequestOrigins(["https://Shop.example:443"])
///     origins.allows("https://shop.example")   // true
///     origins.allows("http://shop.example")    // false
///     origins.allows(nil)                      // true: no Origin
public struct RequestOrigins: Sendable, Equatable {
    /// The normalised entries; nil when any origin may call.
    public let listed: [String]?

    /// Every origin may call.
    public static let any = RequestOrigins(normalised: nil)

    /// Normalises `entries` (nil: any origin); throws naming the first entry that is not an origin.
    public init(_ entries: [String]?) throws(RequestOriginError) {
        guard let entries else {
            self.init(normalised: nil)
            return
        }
        var listed: [String] = []
        for entry in entries { listed.append(try Self.normalised(entry)) }
        self.init(normalised: listed)
    }

    private init(normalised: [String]?) {
        listed = normalised
    }

    /// Whether a request bringing `origin` (its `Origin` header, nil when absent) may be served.
    public func allows(_ origin: String?) -> Bool {
        guard let origin, let listed else { return true }
        return listed.contains(origin)
    }

    /// `entry` in the form browsers send, or the reason it is not an origin.
    public static func normalised(_ entry: String) throws(RequestOriginError) -> String {
        func bad(_ reason: String) -> RequestOriginError { RequestOriginError(entry: entry, reason: reason) }
        if entry == "*" { throw bad("'*' is not accepted in a list: leave allowedRequestOrigins out to allow every origin") }
        guard entry.utf8.count <= 512 else { throw bad("longer than 512 bytes") }
        guard let separator = entry.range(of: "://") else { throw bad("not scheme://host[:port]") }
        let scheme = entry[..<separator.lowerBound].lowercased()
        let defaultPort: String
        switch scheme {
        case "http": defaultPort = "80"
        case "https": defaultPort = "443"
        default: throw bad("the scheme must be http or https")
        }
        let authority = entry[separator.upperBound...]
        if authority.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { throw bad("an origin has no path, query or fragment") }
        if authority.contains("@") { throw bad("an origin has no user") }
        var host = Substring(authority)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw bad("an IPv6 host needs its closing ']'") }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw bad("not scheme://host[:port]") }
                port = rest.dropFirst()
            }
            host = host[...close]
        } else if let colon = host.firstIndex(of: ":") {
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        let hostCharacters = host.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-.[]:".unicodeScalars.contains(scalar))
        }
        guard !host.isEmpty, hostCharacters else { throw bad("the host must be letters, digits, '-' and '.', or an IPv6 address in []") }
        var origin = "\(scheme)://\(host.lowercased())"
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
                (1...65535).contains(number)
            else { throw bad("the port must be a number from 1 to 65535") }
            if String(number) != defaultPort { origin += ":\(number)" }
        }
        return origin
    }
}

/// An `allowedRequestOrigins` entry that is not an origin, and why.
public struct RequestOriginError: Error, Sendable, Equatable, CustomStringConvertible {
    public let entry: String
    public let reason: String

    public var description: String { "allowedRequestOrigins: '\(entry)' is not an origin: \(reason)" }
}

extension ErrorResponse {
    /// 403 AccessDenied: the request's `Origin` is not one the app allows.
    package static func originNotAllowed() -> ErrorResponse {
        ErrorResponse(.accessDenied, "the request's origin is not allowed for this app")
    }
}
