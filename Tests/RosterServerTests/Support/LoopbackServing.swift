@testable import RosterServer
@testable import RosterServerCore

/// Runs `body` while `server` serves HTTP on a loopback port the kernel picks (given to `body`),
/// and stops the server after it.
func withLoopbackServer<T: Sendable>(_ server: RosterServer, _ body: (Int) async throws -> T) async throws -> T {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let serving = Task { try await server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) } }
    defer { serving.cancel() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw CancellationError() }
    let result = try await body(port)
    serving.cancel()
    _ = await serving.result
    return result
}
