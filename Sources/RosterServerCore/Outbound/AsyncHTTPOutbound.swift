import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// `OutboundHTTP` over AsyncHTTPClient: one shared client, a deadline per request, and a cap on
/// the answer's size, so a slow or chatty provider cannot hold a log-in or the server's memory.
public struct AsyncHTTPOutbound: OutboundHTTP {
    public var timeout: TimeInterval
    public var maxResponseBytes: Int

    public init(timeout: TimeInterval = 10, maxResponseBytes: Int = 1 << 20) {
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    public func send(_ request: OutboundRequest) async throws -> OutboundResponse {
        let host = URL(string: request.url)?.host ?? "the provider"
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await Self.client.execute(outgoing, timeout: .milliseconds(Int64(timeout * 1000)))
            let body = try await response.body.collect(upTo: maxResponseBytes)
            return OutboundResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
        } catch let error as HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: throw OutboundFailure("\(host) did not answer in time")
            case .remoteConnectionClosed: throw OutboundFailure("\(host) closed the connection")
            default: throw OutboundFailure("\(host) could not be reached")
            }
        } catch is NIOTooManyBytesError {
            throw OutboundFailure("\(host) answered more than \(maxResponseBytes) bytes")
        } catch {
            throw OutboundFailure("\(host) could not be reached")
        }
    }

    package static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout.connect = .seconds(5)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
