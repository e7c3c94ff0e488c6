import NIOCore
import NIOEmbedded
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A long call is cancelled when its client goes, and a connection kept alive holds only the
/// calls still running. The leak it pins: each call left a callback on its connection that kept
/// the call's task and answer until the connection closed; four clients sending the worst data
/// calls on kept-alive connections grew the server by a megabyte a second.
@Suite struct ClientGoneTests {
    @Test func aConnectionKeptAliveHoldsOnlyTheCallsStillRunning() async throws {
        let channel = NIOAsyncTestingChannel()
        nonisolated(unsafe) let handler = ClientGoneHandler()
        try await channel.pipeline.addHandler(handler)
        let executor = EventLoopTaskExecutor(channel.eventLoop)
        func registered() async throws -> Int { try await channel.eventLoop.submit { handler.registered }.get() }

        for call in 0..<200 {
            let answer = await withTaskExecutorPreference(executor) { await CancelWhenClosed.run(on: channel) { call } }
            #expect(answer == call)
        }
        #expect(try await registered() == 0, "200 calls ended; none is kept")

        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let running = Task {
            await withTaskExecutorPreference(executor) {
                await CancelWhenClosed.run(on: channel) {
                    starting.yield()
                    try? await Task.sleep(for: .seconds(60))
                    return Task.isCancelled
                }
            }
        }
        for await _ in started { break }
        #expect(try await registered() == 1)
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(await running.value, "the running call is cancelled when its client closes its side")
        #expect(try await registered() == 0)
        // A call that starts after the client went is cancelled at once.
        let late = await withTaskExecutorPreference(executor) {
            await CancelWhenClosed.run(on: channel) {
                try? await Task.sleep(for: .seconds(60))
                return Task.isCancelled
            }
        }
        #expect(late)
    }
}
