import RosterWire

/// Hands requests to a responder in the same process, e.g. an embedded `RosterServer`; no
/// port is opened.
///
///     let transport = InProcessTransport { await server.respond(to: $0) }
public struct InProcessTransport: Transport {
    private let handler: @Sendable (WireRequest) async -> WireResponse

    public init(_ handler: @escaping @Sendable (WireRequest) async -> WireResponse) {
        self.handler = handler
    }

    public func send(_ request: WireRequest) async throws -> WireResponse {
        await handler(request)
    }
}
