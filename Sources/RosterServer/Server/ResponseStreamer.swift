import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServerCore

/// Hands a response body on as it is written, for the in-process responder's streams (change
/// streams): each write becomes one chunk of the stream.
package struct ResponseStreamer: ResponseBodyWriter {
    let continuation: AsyncThrowingStream<Data, any Error>.Continuation

    package mutating func write(_ buffer: ByteBuffer) async throws {
        continuation.yield(Data(buffer.readableBytesView))
    }

    package consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        continuation.finish()
    }

    /// The body of `response`, written as it is made; stopping to read it stops the writing.
    package static func body(of response: Response) -> AsyncThrowingStream<Data, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let writing = Task {
            do {
                try await response.body.write(ResponseStreamer(continuation: continuation))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in writing.cancel() }
        return stream
    }
}
