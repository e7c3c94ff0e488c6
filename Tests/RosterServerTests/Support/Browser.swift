import AsyncHTTPClient
import Foundation
import NIOCore

/// A browser that follows nothing by itself: each answer's status, `Location` and page, so a
/// test walks a redirect flow step by step and sees every hop.
struct Browser {
    struct Page {
        let status: Int
        let location: String?
        let body: String
        var setCookie: String? = nil

        /// The hidden and filled-in fields of the page's form, and where it posts.
        var form: (action: String, fields: [String: String])? {
            guard let action = Self.first(#"<form[^>]*action="([^"]*)""#, in: body) else { return nil }
            var fields: [String: String] = [:]
            let pattern = try! NSRegularExpression(pattern: #"<input[^>]*name="([^"]*)"[^>]*value="([^"]*)""#)
            for match in pattern.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
                fields[Self.unescape(String(body[Range(match.range(at: 1), in: body)!]))] =
                    Self.unescape(String(body[Range(match.range(at: 2), in: body)!]))
            }
            return (Self.unescape(action), fields)
        }

        static func first(_ pattern: String, in text: String) -> String? {
            let expression = try! NSRegularExpression(pattern: pattern)
            guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
            return String(text[Range(match.range(at: 1), in: text)!])
        }

        static func unescape(_ text: String) -> String {
            text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    func get(_ url: String, headers: [String: String] = [:]) async throws -> Page {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        return try await send(request)
    }

    /// Posts `fields` as a form, as a browser submits one.
    func post(_ url: String, form fields: [String: String], headers: [String: String] = [:]) async throws -> Page {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        let body = fields.map { "\(Self.encoded($0.key))=\(Self.encoded($0.value))" }.joined(separator: "&")
        request.body = .bytes(ByteBuffer(string: body))
        return try await send(request)
    }

    private func send(_ request: HTTPClientRequest) async throws -> Page {
        let response = try await Self.client.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        return Page(
            status: Int(response.status.code), location: response.headers.first(name: "location"), body: String(buffer: body),
            setCookie: response.headers.first(name: "set-cookie"))
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
    }

    /// The fields of a URL's fragment (`#a=1&b=2`), decoded.
    static func fragment(of url: String) -> [String: String] {
        guard let hash = url.firstIndex(of: "#") else { return [:] }
        var fields: [String: String] = [:]
        for pair in url[url.index(after: hash)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.removingPercentEncoding ?? "" }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    /// The decoded query fields of a URL.
    static func query(of url: String) -> [String: String] {
        var fields: [String: String] = [:]
        for item in URLComponents(string: url)?.queryItems ?? [] { fields[item.name] = item.value ?? "" }
        return fields
    }

    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
