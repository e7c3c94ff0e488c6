import Foundation
import Logging

/// Where the files of each user live on the device: `directory/users/<id>/`, made at log-in
/// and deleted with the user.
struct UserFiles: Sendable {
    let directory: URL
    let logger: Logger

    func folder(of id: String) -> URL {
        directory.appendingPathComponent("users", isDirectory: true).appendingPathComponent(id, isDirectory: true)
    }

    /// Makes the user's folder (owner-only) when it is not there yet; a failure only costs the
    /// user a place for files.
    func make(for id: String) {
        try? PrivateFiles.makeDirectory(directory.appendingPathComponent("users", isDirectory: true))
        try? PrivateFiles.makeDirectory(folder(of: id))
    }

    func delete(for id: String) {
        let folder = folder(of: id)
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            logger.warning("could not delete the files of a removed user", metadata: ["user": "\(id)"])
        }
    }
}
