import Foundation
import Logging
import ServiceLifecycle
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Another address a server answers on (the Admin API's, `serve --admin-listen`) is not the base
/// of the client API's links: only the client API's own address, once bound, is.
@Suite struct AlongsideListenerTests {
    @Test(.timeLimit(.minutes(1))) func anAddressAlongsideIsNotTheBaseOfTheClientsLinks() async throws {
        let t = try await TestServer.make()
        let (ports, listened) = AsyncStream<Int>.makeStream()
        let admin = try t.server.application(host: "127.0.0.1", port: 0, alongside: true) { port in listened.yield(port) }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [admin], logger: Logger(label: "test")))
        let serving = Task { try await group.run() }
        var next = ports.makeAsyncIterator()
        let port = try #require(await next.next())
        #expect(t.server.inProcessBase == .inProcess, "the address alongside (\(port)) became the links' base: \(t.server.inProcessBase)")
        await group.triggerGracefulShutdown()
        try await serving.value
    }
}
