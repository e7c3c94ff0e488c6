import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A person's phone on a real server's `/device` page over HTTP: enters the user code, signs in
/// by email and password, and approves or denies; it keeps the page's cookie and CSRF token.
final class PhoneBrowser: @unchecked Sendable {
    let base: String
    private var cookie: String?
    private var csrf: String?
    private(set) var html = ""

    init(base: String) {
        self.base = base
    }

    func approve(_ userCode: String, email: String, password: String) async throws {
        try await enter(userCode)
        try await post(["action": "signin", "email": email, "password": password])
        try await post(["action": "approve"])
    }

    func deny(_ userCode: String) async throws {
        try await enter(userCode)
        try await post(["action": "deny"])
    }

    private func enter(_ userCode: String) async throws {
        try await exchange("GET", "/device?code=\(userCode)", body: nil)
        try await post(["action": "code", "code": userCode])
    }

    private func post(_ fields: [String: String]) async throws {
        var fields = fields
        fields["csrf"] = csrf
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = fields.keys.sorted().map { "\($0)=\(fields[$0]!.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&")
        try await exchange("POST", "/device", body: Data(body.utf8))
    }

    private func exchange(_ method: String, _ path: String, body: Data?) async throws {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.httpShouldHandleCookies = false
        if let cookie { request.setValue("roster_device=\(cookie)", forHTTPHeaderField: "Cookie") }
        if body != nil { request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type") }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        html = String(decoding: data, as: UTF8.self)
        if let set = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Set-Cookie"),
            let first = set.split(separator: ";").first, first.hasPrefix("roster_device=")
        {
            cookie = String(first.dropFirst("roster_device=".count))
        }
        if let start = html.range(of: #"name="csrf" value=""#), let end = html[start.upperBound...].firstIndex(of: "\"") {
            csrf = String(html[start.upperBound..<end])
        }
    }
}
