import Foundation

/// An answer whose body arrives over time (a change stream): its status and headers at once,
/// then its bytes as the server writes them. The body ends when the server ends the answer;
/// dropping it, or cancelling the task that reads it, closes the request.
public struct WireStreamResponse: Sendable {
    public var status: Int
    /// Header fields, names in lower case.
    public var headers: [String: String]
    public var body: AsyncThrowingStream<Data, any Error>

    public init(status: Int, headers: [String: String], body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An answer that is not a stream (an error): its whole body at once.
    public init(_ response: WireResponse) {
        self.status = response.status
        self.headers = response.headers
        let body = response.body
        self.body = AsyncThrowingStream { continuation in
            if !body.isEmpty { continuation.yield(body) }
            continuation.finish()
        }
    }

    /// The body collected, at most `limit` bytes: for an answer that is not a stream.
    public func collected(upTo limit: Int = 1 << 16) async throws -> WireResponse {
        var data = Data()
        for try await chunk in body {
            data.append(chunk.prefix(limit - data.count))
            if data.count >= limit { break }
        }
        return WireResponse(status: status, headers: headers, body: data)
    }
}
