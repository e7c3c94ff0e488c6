import RosterWire

/// Hands requests to a responder in the same process, e.g. an embedded `RosterServer`; no
/// port is opened.
///
///     let transport = InProcessTransport { await server.respond(to: $0) }
///     let streaming = InProcessTransport(respond: { await server.respond(to: $0) }, open: { await server.open($0) })
public struct InProcessTransport: Transport {
    private let handler: @Sendable (WireRequest) async -> WireResponse
    private let opener: (@Sendable (WireRequest) async -> WireStreamResponse)?

    public init(_ handler: @escaping @Sendable (WireRequest) async -> WireResponse) {
        self.handler = handler
        self.opener = nil
    }

    /// With `open`, answers whose body arrives over time (change streams) are handed on as
    /// they are written.
    public init(
        respond handler: @escaping @Sendable (WireRequest) async -> WireResponse,
        open opener: @escaping @Sendable (WireRequest) async -> WireStreamResponse
    ) {
        self.handler = handler
        self.opener = opener
    }

    public func send(_ request: WireRequest) async throws -> WireResponse {
        await handler(request)
    }

    public func open(_ request: WireRequest) async throws -> WireStreamResponse {
        guard let opener else { return WireStreamResponse(await handler(request)) }
        return await opener(request)
    }
}
