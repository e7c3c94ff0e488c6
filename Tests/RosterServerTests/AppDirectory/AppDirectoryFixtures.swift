import Foundation
import RosterAppDirectory

/// The app directories of `Fixtures/AppDirectories`, written as App Services exports them:
/// `store-app` in the `realm_config.json` layout, `web-test-app` in the `root_config.json` one.
enum AppDirectoryFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/AppDirectories", isDirectory: true)

    static func url(_ name: String) -> URL { root.appendingPathComponent(name, isDirectory: true) }

    /// A copy of the fixture `name` in a fresh temporary folder, to break.
    static func copy(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-app-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.copyItem(at: url(name), to: copy)
        return copy
    }

    /// Writes `text` over the file `relative` of the directory `root`.
    static func write(_ text: String, to relative: String, in root: URL) throws {
        let file = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The refusal of reading `root`, or nil when it was read.
    static func refusal(
        _ root: URL, appId: String? = nil, environment: String? = nil, limits: AppDirectoryLimits = AppDirectoryLimits()
    ) -> AppDirectoryError? {
        do {
            _ = try AppDirectory.read(root, appId: appId, environment: environment, limits: limits)
            return nil
        } catch {
            return error
        }
    }
}
