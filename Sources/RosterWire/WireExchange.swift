import Foundation

/// An HTTP method of the wire protocol.
public enum WireMethod: String, Sendable, Equatable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case patch = "PATCH"
}

/// A request as a transport sends it: what goes over HTTP, or straight to an in-process server.
public struct WireRequest: Sendable, Equatable {
    public var method: WireMethod
    /// The path relative to the base URL, e.g. `/api/client/v2.0/auth/session`.
    public var path: String
    /// Query items, e.g. `["link": "true"]`.
    public var query: [String: String]
    /// Header fields, names in lower case.
    public var headers: [String: String]
    public var body: Data?
    /// The longest this request may wait for its answer, when shorter than the transport's own
    /// time-out (a refresh that must be retried within a rotation grace window).
    public var timeout: TimeInterval?

    public init(
        method: WireMethod, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: Data? = nil, timeout: TimeInterval? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The path with its query, as it goes on the request line.
    public var target: String {
        guard !query.isEmpty else { return path }
        let items = query.keys.sorted().map { key in
            "\(percentEncode(key))=\(percentEncode(query[key]!))"
        }
        return path + "?" + items.joined(separator: "&")
    }

    private func percentEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))) ?? text
    }
}

/// A response as a transport hands it back.
public struct WireResponse: Sendable, Equatable {
    public var status: Int
    /// Header fields, names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The protocol's error body, when the response is an error that carries one.
    public var errorResponse: ErrorResponse? {
        guard !isSuccess else { return nil }
        return try? WireCoding.decode(ErrorResponse.self, from: body)
    }
}
