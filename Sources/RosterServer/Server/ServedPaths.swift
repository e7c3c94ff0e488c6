/// The requests a listener serves, where it serves fewer than the router has (`roster ui
/// --listen` serves a phone's pages alone), by method and path: any other is answered
/// `404 RouteNotFound`.
///
///     try await server.serve(host: "127.0.0.1", port: 8080, only: ServedPaths { _, path in path == "/device" })
public struct ServedPaths: Sendable {
    public let serves: @Sendable (_ method: String, _ path: String) -> Bool

    public init(_ serves: @escaping @Sendable (_ method: String, _ path: String) -> Bool) { self.serves = serves }
}
