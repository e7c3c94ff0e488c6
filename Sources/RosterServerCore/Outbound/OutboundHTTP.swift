import Foundation

/// The server's way out to other HTTP services: provider key sets, token endpoints, the Graph
/// API. Injected through `ServerEnvironment`, so a test can point providers at a stand-in on
/// loopback or provoke a fault.
public protocol OutboundHTTP: Sendable {
    /// Sends the request and answers the status and body, whatever the status; throws only when
    /// there is no answer (unreachable, timed out, too large).
    func send(_ request: OutboundRequest) async throws -> OutboundResponse
}

public struct OutboundRequest: Sendable, Equatable {
    public enum Method: String, Sendable { case get = "GET", post = "POST" }

    public var method: Method
    public var url: String
    public var headers: [String: String]
    public var body: Data?

    public init(method: Method = .get, url: String, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// A form POST (`application/x-www-form-urlencoded`), fields in the order given.
    public static func form(_ url: String, _ fields: [(String, String)]) -> OutboundRequest {
        let body = fields.map { "\(formEncoded($0.0))=\(formEncoded($0.1))" }.joined(separator: "&")
        return OutboundRequest(
            method: .post, url: url, headers: ["content-type": "application/x-www-form-urlencoded", "accept": "application/json"],
            body: Data(body.utf8))
    }

    /// `url` with the query items appended, each encoded.
    public static func url(_ base: String, query: [(String, String)]) -> String {
        guard !query.isEmpty else { return base }
        let items = query.map { "\(formEncoded($0.0))=\(formEncoded($0.1))" }.joined(separator: "&")
        return base + (base.contains("?") ? "&" : "?") + items
    }

    package static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Whether `text` is an absolute http(s) URL with a host.
    public static func isHTTPURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { return false }
        return scheme == "http" || scheme == "https"
    }
}

public struct OutboundResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Why there was no answer. Its text names the host, never the query (which may hold a token).
public struct OutboundFailure: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
