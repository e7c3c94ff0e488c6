import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RosterWire
import Synchronization

/// A change stream read over real HTTP as the SDKs read it (realm-web's `WatchStream`): lines
/// split on LF, `data:` lines joined, `%25`, `%0A` and `%0D` undone, an `error` event kept as the
/// ending, comment lines counted.
final class EventStreamClient: Sendable {
    struct Event: Sendable, Equatable {
        var type: String
        var data: String
        var json: JSONValue? { try? JSONValue(parsing: Data(data.utf8)) }
    }

    enum Item: Sendable {
        case event(Event)
        case comment
    }

    let status: Int
    let headers: [String: String]
    /// The body when the answer is not a stream (an error).
    let errorBody: Data?
    /// What has arrived and not been taken, and whether the stream has ended.
    private let arrived = Arrivals()
    private let reading = Mutex<Task<Void, Never>?>(nil)

    /// `GET base/…/functions/call?baas_request=…` for `call` (sent as realm-web sends it: base64
    /// of its JSON), with the token in the header or, `tokenInQuery`, in `baas_at` as realm-core sends it.
    static func open(
        base: String, appId: String, call: JSONValue, token: String?, tokenInQuery: Bool = false, rawRequest: String? = nil
    ) async throws -> EventStreamClient {
        var url = base + Route.functionCall(appId: appId) + "?baas_request="
        let encoded = rawRequest ?? Data(call.compactText.utf8).base64EncodedString()
        url += encoded.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? encoded
        if let token, tokenInQuery { url += "&baas_at=" + token }
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let token, !tokenInQuery { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await HTTPClient.shared.execute(request, timeout: .minutes(5))
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        guard response.status == .ok else {
            let body = try await response.body.collect(upTo: 1 << 20)
            return EventStreamClient(status: Int(response.status.code), headers: headers, errorBody: Data(buffer: body), body: nil)
        }
        return EventStreamClient(status: 200, headers: headers, errorBody: nil, body: response.body)
    }

    private init(status: Int, headers: [String: String], errorBody: Data?, body: HTTPClientResponse.Body?) {
        self.status = status
        self.headers = headers
        self.errorBody = errorBody
        guard let body else {
            arrived.state.withLock { $0.ended = true }
            return
        }
        let task = Task { [arrived] in
            func yield(_ item: Item) { arrived.state.withLock { $0.items.append(item) } }
            var pending = ""
            var data = ""
            var type = ""
            do {
                for try await chunk in body {
                    pending += String(buffer: chunk)
                    while let newline = pending.firstIndex(of: "\n") {
                        var line = String(pending[..<newline])
                        pending = String(pending[pending.index(after: newline)...])
                        if line.hasSuffix("\r") { line.removeLast() }
                        if line.isEmpty {
                            if !data.isEmpty {
                                yield(.event(Event(type: type.isEmpty ? "message" : type, data: Self.decoded(String(data.dropLast())))))
                            }
                            (data, type) = ("", "")
                        } else if line.hasPrefix(":") {
                            yield(.comment)
                        } else if line.hasPrefix("data:") {
                            data += line.dropFirst(5).drop(while: { $0 == " " }) + "\n"
                        } else if line.hasPrefix("event:") {
                            type = String(line.dropFirst(6).drop(while: { $0 == " " }))
                        }
                    }
                }
            } catch {}
            arrived.state.withLock { $0.ended = true }
        }
        reading.withLock { $0 = task }
    }

    /// `%25`, `%0A` and `%0D` undone, as the SDKs undo them.
    static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%25", with: "%")
    }

    /// The next item, nil once the stream has ended; `Timeout` when none comes within `seconds`.
    func next(within seconds: Double = 10) async throws -> Item? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            let (item, ended): (Item?, Bool) = arrived.state.withLock { state in
                state.items.isEmpty ? (nil, state.ended) : (state.items.removeFirst(), false)
            }
            if let item { return item }
            if ended { return nil }
            guard ContinuousClock.now < deadline else { throw Timeout(seconds: seconds) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The next event, skipping comments; nil once the stream has ended.
    func nextEvent(within seconds: Double = 10) async throws -> Event? {
        while let item = try await next(within: seconds) {
            if case .event(let event) = item { return event }
        }
        return nil
    }

    func close() {
        reading.withLock { $0?.cancel() }
    }

    struct Timeout: Error, CustomStringConvertible {
        let seconds: Double
        var description: String { "nothing came within \(seconds) s" }
    }

    private final class Arrivals: Sendable {
        let state = Mutex<(items: [Item], ended: Bool)>(([], false))
    }
}
