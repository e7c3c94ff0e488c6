import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RosterWire

/// Sends wire requests over HTTP(S) with AsyncHTTPClient's shared client (non-blocking, on
/// SwiftNIO, so many users' refreshes never tie up threads; URLSession on Linux is a thinner
/// layer over libcurl with weaker timeout control).
///
///     let transport = HTTPTransport(baseURL: URL(string: "http://127.0.0.1:9090")!)
public struct HTTPTransport: Transport {
    public let baseURL: URL
    /// The longest a request may take, connection included.
    public var timeout: TimeInterval
    /// The largest response body accepted.
    public var maxResponseBytes: Int

    public init(baseURL: URL) {
        self.init(baseURL: baseURL, timeout: 30)
    }

    public init(baseURL: URL, timeout: TimeInterval, maxResponseBytes: Int = 4 << 20) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    public func send(_ request: WireRequest) async throws -> WireResponse {
        let (outgoing, base) = outgoing(request)
        do {
            let limit = min(timeout, request.timeout ?? timeout)
            let response = try await Self.client.execute(outgoing, timeout: .milliseconds(Int64(limit * 1000)))
            let body = try await response.body.collect(upTo: maxResponseBytes)
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return WireResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch let error as RosterError {
            throw error
        } catch {
            throw RosterError.network("\(Self.describe(error)) (\(base))")
        }
    }

    /// The answer's head within `timeout`, then its body as it arrives, for as long as the
    /// server keeps it open (a change stream); a chunk larger than `maxResponseBytes` ends it.
    public func open(_ request: WireRequest) async throws -> WireStreamResponse {
        let (outgoing, base) = outgoing(request)
        let (head, headReady) = AsyncStream.makeStream(of: Result<HTTPClientResponse, any Error>.self)
        let limit = maxResponseBytes
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        // The request runs as long as its body is read: no deadline but the head's.
        let task = Task {
            do {
                let response = try await Self.client.execute(outgoing, deadline: .distantFuture)
                headReady.yield(.success(response))
                headReady.finish()
                for try await chunk in response.body {
                    guard chunk.readableBytes <= limit else { throw RosterError.malformedResponse("a stream's chunk is too large") }
                    continuation.yield(Data(chunk.readableBytesView))
                }
                continuation.finish()
            } catch {
                headReady.yield(.failure(error))
                headReady.finish()
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        let waited = Task {
            try await Task.sleep(for: .milliseconds(Int64(min(timeout, request.timeout ?? timeout) * 1000)))
            headReady.yield(.failure(HTTPClientError.deadlineExceeded))
            task.cancel()
        }
        defer { waited.cancel() }
        var iterator = head.makeAsyncIterator()
        let result = await withTaskCancellationHandler { await iterator.next() } onCancel: { task.cancel() }
        switch result {
        case .success(let response)?:
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return WireStreamResponse(status: Int(response.status.code), headers: headers, body: body)
        case .failure(let error as RosterError)?:
            throw error
        case .failure(let error)?:
            throw RosterError.network("\(Self.describe(error)) (\(base))")
        case nil:
            throw RosterError.network("timed out (\(base))")
        }
    }

    private func outgoing(_ request: WireRequest) -> (HTTPClientRequest, String) {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var outgoing = HTTPClientRequest(url: base + request.target)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
            if request.headers["content-type"] == nil {
                outgoing.headers.add(name: "content-type", value: "application/json")
            }
        }
        return (outgoing, base)
    }

    /// One client for the process. It does not retry a refused connection until the deadline
    /// (AsyncHTTPClient's default), so a server that is down is reported at once.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout.connect = .seconds(5)
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Words for a transport failure; descriptions name the failure, never headers or bodies.
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("Connection refused") || text.contains("errno: 111") { return "connection refused" }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return "timed out"
            case .remoteConnectionClosed: return "the server closed the connection"
            default: break
            }
        }
        return text
    }
}
