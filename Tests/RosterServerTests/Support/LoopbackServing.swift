@testable import RosterServer
@testable import RosterServerCore

/// `server` serving HTTP on a loopback port the kernel picks: the port, and the task that
/// serves (cancelling it stops the server).
func serveOnLoopback(_ server: RosterServer) async throws -> (port: Int, serving: Task<Void, any Error>) {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let serving = Task { try await server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) } }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
        serving.cancel()
        throw CancellationError()
    }
    return (port, serving)
}

/// Runs `body` while `server` serves HTTP on a loopback port the kernel picks (given to `body`),
/// and stops the server after it.
func withLoopbackServer<T: Sendable>(_ server: RosterServer, _ body: (Int) async throws -> T) async throws -> T {
    let (port, serving) = try await serveOnLoopback(server)
    defer { serving.cancel() }
    let result = try await body(port)
    serving.cancel()
    _ = await serving.result
    return result
}

/// A server serving on loopback (`serveOnLoopback`): its base URL, the task that serves, and
/// the app it serves.
struct ServedOnLoopback {
    let server: RosterServer
    let base: String
    let serving: Task<Void, any Error>
    let appId: String

    func users() async throws -> Int { try await server.admin.listUsers(appId: appId).count }
}
