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
}
