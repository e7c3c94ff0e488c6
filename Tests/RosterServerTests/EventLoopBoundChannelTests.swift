import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Testing
@testable import RosterServer
@testable import RosterServerCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server `RosterServer.serve` runs (`HTTPServerBuilder.roster`) handles each connection on
/// its channel's event loop; Hummingbird's own HTTP/1.1 server, the control, handles it on the
/// cooperative pool.
@Suite struct EventLoopBoundChannelTests {
    /// What a handler saw on each of `requests` requests over loopback: whether it ran on its
    /// channel's event loop when it started, and again after it had slept and after it had
    /// waited on a task group's child.
    func whereHandlersRan(server: HTTPServerBuilder, requests: Int = 8) async throws -> [String] {
        let router = Router(context: ServingRequestContext.self)
        router.get("where") { _, context -> String in
            let loop = context.channel.eventLoop
            let atStart = loop.inEventLoop
            try await Task.sleep(for: .milliseconds(2))
            let afterSleeping = loop.inEventLoop
            let inChild = await withTaskGroup(of: Bool.self) { group in
                group.addTask { loop.inEventLoop }
                return await group.next() ?? false
            }
            return "\(atStart) \(afterSleeping) \(inChild && loop.inEventLoop)"
        }
        var logger = Logger(label: "event-loop-bound-test")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            router: router, server: server,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger)
        let serving = Task { try await application.runService() }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        // Each request on a connection of its own, so that they land on both event loops.
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        return try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<requests {
                group.addTask {
                    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/where")!)
                    request.setValue("close", forHTTPHeaderField: "Connection")
                    let (data, _) = try await session.data(for: request)
                    return String(decoding: data, as: UTF8.self)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func eachConnectionIsHandledOnItsChannelsEventLoop() async throws {
        let answers = try await whereHandlersRan(server: .roster)
        #expect(answers.count == 8)
        #expect(answers.allSatisfy { $0 == "true true true" }, "\(answers)")
    }

    @Test func hummingbirdsOwnServerHandlesThemOnTheCooperativePool() async throws {
        let answers = try await whereHandlersRan(server: .http1())
        #expect(answers.count == 8)
        #expect(answers.allSatisfy { $0 == "false false false" }, "\(answers)")
    }
}
