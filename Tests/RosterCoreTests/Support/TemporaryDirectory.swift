import Foundation

/// A directory under the system's temporary directory, deleted when the last reference goes.
final class TemporaryDirectory: Sendable {
    let url: URL

    init(_ prefix: String = "roster-core") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
