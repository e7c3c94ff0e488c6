import Foundation
import RosterWire

/// A person on their phone at the server's `/device` page: enters the user code, signs in by
/// email and password, and approves or denies; the page's cookie and CSRF token carried along.
final class PhoneApproval: @unchecked Sendable {
    private let send: @Sendable (WireRequest) async -> WireResponse
    private var cookie: String?
    private var csrf: String?
    private(set) var html = ""

    init(send: @escaping @Sendable (WireRequest) async -> WireResponse) {
        self.send = send
    }

    func approve(_ userCode: String, email: String, password: String) async {
        await enter(userCode)
        await post(["action": "signin", "email": email, "password": password])
        await post(["action": "approve"])
    }

    func deny(_ userCode: String) async {
        await enter(userCode)
        await post(["action": "deny"])
    }

    private func enter(_ userCode: String) async {
        await exchange(WireRequest(method: .get, path: "/device", query: ["code": userCode], headers: headers()))
        await post(["action": "code", "code": userCode])
    }

    private func post(_ fields: [String: String]) async {
        var fields = fields
        fields["csrf"] = csrf
        var headers = headers()
        headers["content-type"] = "application/x-www-form-urlencoded"
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = fields.keys.sorted().map { key in
            "\(key)=\(fields[key]!.addingPercentEncoding(withAllowedCharacters: allowed)!)"
        }.joined(separator: "&")
        await exchange(WireRequest(method: .post, path: "/device", headers: headers, body: Data(body.utf8)))
    }

    private func headers() -> [String: String] {
        cookie.map { ["cookie": "roster_device=\($0)"] } ?? [:]
    }

    private func exchange(_ request: WireRequest) async {
        let response = await send(request)
        html = String(decoding: response.body, as: UTF8.self)
        if let set = response.headers["set-cookie"], let first = set.split(separator: ";").first, first.hasPrefix("roster_device=") {
            cookie = String(first.dropFirst("roster_device=".count))
        }
        if let start = html.range(of: #"name="csrf" value=""#), let end = html[start.upperBound...].firstIndex(of: "\"") {
            csrf = String(html[start.upperBound..<end])
        }
    }
}
