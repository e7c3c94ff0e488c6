import RosterWire

/// Carries wire requests to a server: over HTTP (`HTTPTransport`) or straight to a server in
/// the same process (`InProcessTransport`).
///
///     let transport = InProcessTransport { await server.respond(to: $0) }
///     let response = try await transport.send(WireRequest(method: .get, path: Route.location(appId: "roster-demo")))
public protocol Transport: Sendable {
    /// Sends one request and returns the server's answer, whatever its status. Throws
    /// `RosterError.network` when no answer arrives.
    func send(_ request: WireRequest) async throws -> WireResponse
    /// Sends one request whose answer arrives over time (a change stream). Throws
    /// `RosterError.network` when no answer arrives.
    func open(_ request: WireRequest) async throws -> WireStreamResponse
}

extension Transport {
    /// A transport that cannot stream answers the whole body once the server has ended it.
    public func open(_ request: WireRequest) async throws -> WireStreamResponse {
        WireStreamResponse(try await send(request))
    }
}
