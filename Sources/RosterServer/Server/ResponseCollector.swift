import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServerCore

/// Collects a response body into memory for the in-process responder.
package struct ResponseCollector: ResponseBodyWriter {
    package final class Storage: @unchecked Sendable {
        package var bytes = ByteBuffer()
    }
    package let storage: Storage

    package mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        storage.bytes.writeBuffer(&buffer)
    }

    package consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}

    /// The whole body of `response`.
    package static func body(of response: Response) async throws -> Data {
        let storage = Storage()
        try await response.body.write(ResponseCollector(storage: storage))
        return Data(storage.bytes.readableBytesView)
    }

    package init(storage: Storage) {
        self.storage = storage
    }
}
