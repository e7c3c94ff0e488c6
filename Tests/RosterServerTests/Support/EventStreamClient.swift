import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RosterCore
import RosterWire
import Synchronization

/// A change stream read over real HTTP as the SDKs read it, with RosterCore's
/// `EventStreamDecoder` (lines split on LF, `data:` lines joined, `%25`, `%0A` and `%0D` undone),
/// an `error` event kept as the ending, comment lines counted.
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
            var decoder = EventStreamDecoder()
            do {
                for try await chunk in body {
                    let comments = decoder.comments
                    let events = try decoder.feed(Data(buffer: chunk))
                    arrived.state.withLock { state in
                        state.items += Array(repeating: Item.comment, count: decoder.comments - comments)
                        state.items += events.map { Item.event(Event(type: $0.type, data: $0.data)) }
                    }
                }
            } catch {}
            arrived.state.withLock { $0.ended = true }
        }
        reading.withLock { $0 = task }
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
