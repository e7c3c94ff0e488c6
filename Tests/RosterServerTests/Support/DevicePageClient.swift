import Foundation
import RosterWire
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A person's browser on the device approval page, by hand: it keeps the page's cookie and the
/// CSRF token of the last page, and posts the page's forms. It talks to a server in-process or
/// over HTTP through `send`.
final class DevicePageClient: @unchecked Sendable {
    let send: @Sendable (WireRequest) async throws -> WireResponse
    private(set) var cookie: String?
    private(set) var csrf: String?
    private(set) var last: WireResponse?
    /// Headers sent with every request besides the cookie, such as a forged `Host`.
    var extraHeaders: [String: String] = [:]

    init(send: @escaping @Sendable (WireRequest) async throws -> WireResponse) {
        self.send = send
    }

    /// In-process, to `server`.
    convenience init(_ t: TestServer) {
        let server = t.server
        self.init { await server.respond(to: $0) }
    }

    /// Over HTTP to `base`, with no cookie store but this one; `session` for requests that
    /// forge a header (`Host`), whose connections must not be shared with other tests'.
    convenience init(base: String, session: URLSession = .shared) {
        self.init { request in try await DevicePageClient.http(request, base: base, session: session) }
    }

    var html: String { last.map { String(decoding: $0.body, as: UTF8.self) } ?? "" }
    var status: Int { last?.status ?? 0 }

    @discardableResult
    func open(code: String? = nil) async throws -> WireResponse {
        try await exchange(WireRequest(method: .get, path: "/device", query: code.map { ["code": $0] } ?? [:], headers: headers()))
    }

    /// Posts a form of the page with its CSRF token (or `csrf` instead, or none).
    @discardableResult
    func post(_ fields: [String: String], csrf override: String?? = .none) async throws -> WireResponse {
        var fields = fields
        switch override {
        case .none: fields["csrf"] = csrf
        case .some(let value): fields["csrf"] = value
        }
        var headers = headers()
        headers["content-type"] = "application/x-www-form-urlencoded"
        return try await exchange(WireRequest(method: .post, path: "/device", headers: headers, body: Data(Self.encode(fields).utf8)))
    }

    func forgetCookie() { cookie = nil }

    private func headers() -> [String: String] {
        extraHeaders.merging(cookie.map { ["cookie": "roster_device=\($0)"] } ?? [:]) { _, cookie in cookie }
    }

    private func exchange(_ request: WireRequest) async throws -> WireResponse {
        let response = try await send(request)
        last = response
        if let set = response.headers["set-cookie"], let value = Self.cookieValue(set) { cookie = value }
        if let token = Self.csrf(in: String(decoding: response.body, as: UTF8.self)) { csrf = token }
        return response
    }

    static func cookieValue(_ header: String) -> String? {
        guard let first = header.split(separator: ";").first, first.hasPrefix("roster_device=") else { return nil }
        return String(first.dropFirst("roster_device=".count))
    }

    static func csrf(in html: String) -> String? {
        guard let start = html.range(of: #"name="csrf" value=""#) else { return nil }
        let rest = html[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func encode(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.keys.sorted().map { key in
            "\(key.addingPercentEncoding(withAllowedCharacters: allowed)!)=\(fields[key]!.addingPercentEncoding(withAllowedCharacters: allowed)!)"
        }.joined(separator: "&")
    }

    static func http(_ request: WireRequest, base: String, session: URLSession = .shared) async throws -> WireResponse {
        var urlRequest = URLRequest(url: URL(string: base + request.target)!)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpShouldHandleCookies = false
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let (data, response) = try await session.data(for: urlRequest)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        return WireResponse(status: http.statusCode, headers: headers, body: data)
    }
}
