import Foundation
import RosterWire
import Testing

@testable import RosterCore

/// `DeviceHistory` over a real SQLite device store.
@Suite("Device history")
struct DeviceHistoryTests {
    let temporary: TemporaryDirectory

    init() throws {
        temporary = try TemporaryDirectory("roster-history")
    }

    @Test func aLineIsWrittenAtTheDevicesTimeWithItsUser() throws {
        let store = try SQLiteDeviceStore(directory: temporary.url.appendingPathComponent("device"))
        let clock = TestClock()
        let configuration = AppConfiguration(
            appId: "roster-demo", transport: InProcessTransport { _ in WireResponse(status: 503) }, directory: temporary.url)
        let history = DeviceHistory(store: store, clock: clock, logger: configuration.logger)
        history.record(.switched, userId: "joe", name: "joe@example.com")
        clock.advance(by: 60)
        history.record(.policyChanged, name: "pin")

        let lines = try store.history(limit: 10)
        #expect(lines.map(\.event) == [.policyChanged, .switched])
        #expect(lines.last?.userId == "joe" && lines.last?.userName == "joe@example.com")
        #expect(lines.first?.at == clock.now())
        #expect(lines.last?.at == clock.now().addingTimeInterval(-60))
    }
}
