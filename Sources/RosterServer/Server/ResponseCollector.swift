import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Collects a response body into memory for the in-process responder.
struct ResponseCollector: ResponseBodyWriter {
    final class Storage: @unchecked Sendable {
        var bytes = ByteBuffer()
    }
    let storage: Storage

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        storage.bytes.writeBuffer(&buffer)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}

    /// The whole body of `response`.
    static func body(of response: Response) async throws -> Data {
        let storage = Storage()
        try await response.body.write(ResponseCollector(storage: storage))
        return Data(storage.bytes.readableBytesView)
    }
}
