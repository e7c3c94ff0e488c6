import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends client API requests through the proxy or straight to one instance, and tells which
/// instance answered each: every request carries an `X-Request-Id` of its own, and the instance
/// that served it is the one whose log has the line `request answered` with that id.
///
///     let answer = try await client.send("POST", "/api/client/v2.0/auth/session", bearer: refreshToken)
///     #expect(answer.status == 200 && answer.instance == 2)
struct InstanceClient: Sendable {
    /// Where a request goes.
    enum Target: Sendable {
        case proxy
        /// The instance of this number, counted from 1.
        case instance(Int)
    }

    /// An answer, and the number of the instance that gave it (nil when none logged it).
    struct Answer: Sendable {
        let status: Int
        let body: Data
        let headers: [String: String]
        let instance: Int?

        subscript(field: String) -> String? {
            ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?[field] as? String
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let proxy: String
    let instances: [String]
    let logs: [URL]
    private let session: URLSession

    init(proxy: String, instances: [String], logs: [URL]) {
        self.proxy = proxy
        self.instances = instances
        self.logs = logs
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 64
        configuration.timeoutIntervalForRequest = 60
        session = URLSession(configuration: configuration)
    }

    /// `path` under the app's routes: `/api/client/v2.0/app/APP/…`.
    static func app(_ path: String) -> String { "/api/client/v2.0/app/\(ProxiedInstances.appId)\(path)" }

    func send(_ method: String, _ path: String, bearer: String? = nil, json: String? = nil, to target: Target = .proxy) async throws
        -> Answer
    {
        let base: String
        switch target {
        case .proxy: base = proxy
        case .instance(let number): base = instances[number - 1]
        }
        let id = "scaled-\(UUID().uuidString.lowercased())"
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        request.setValue(id, forHTTPHeaderField: "X-Request-Id")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)".lowercased()] = "\(value)" }
        return Answer(status: http.statusCode, body: data, headers: headers, instance: await instance(answering: id))
    }

    /// The instance whose log answered the request `id` (its line is written before the answer
    /// is sent; it is waited for a little all the same).
    func instance(answering id: String) async -> Int? {
        let needles = ["request.id=\(id) ", "request.id=\(id)\n"]
        for _ in 0..<100 {
            for (index, log) in logs.enumerated() {
                if let text = try? String(contentsOf: log, encoding: .utf8), needles.contains(where: text.contains) { return index + 1 }
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}
