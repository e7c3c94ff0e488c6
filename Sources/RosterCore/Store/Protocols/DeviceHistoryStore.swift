import Foundation

/// The device's history: who logged in, switched, locked, left.
protocol DeviceHistoryStore: Sendable {
    /// Appends to the device's history.
    func appendHistory(_ entry: HistoryEntry) throws

    /// The newest `limit` entries, newest first.
    func history(limit: Int) throws -> [HistoryEntry]
}
