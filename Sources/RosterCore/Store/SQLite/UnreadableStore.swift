import Foundation

/// What to do with a device store that cannot be read (BEHAVIOURS 42): it is never wiped; a
/// person may set it aside (renamed, with its -wal and -shm files) for inspection and start
/// afresh.
///
///     do { app = try App(configuration: configuration) }
///     catch RosterError.storeUnreadable { let kept = try UnreadableStore.setAside(in: directory, at: Date()) }
public enum UnreadableStore {
    /// Renames `device.sqlite` (and its -wal and -shm files) in `directory` to
    /// `device.sqlite.unreadable-<seconds since 1970>`, mode 0600, and returns the new path of
    /// the main file. The next `App` over the directory starts with an empty store.
    public static func setAside(in directory: URL, at date: Date) throws -> URL {
        let manager = FileManager.default
        let file = directory.appendingPathComponent(SQLiteDeviceStore.fileName)
        guard manager.fileExists(atPath: file.path) else {
            throw RosterError.invalidRequest("there is no device store at \(file.path) to set aside")
        }
        let suffix = ".unreadable-\(Int(date.timeIntervalSince1970))"
        let kept = URL(fileURLWithPath: file.path + suffix)
        for extra in ["", "-wal", "-shm"] {
            let from = URL(fileURLWithPath: file.path + extra)
            guard manager.fileExists(atPath: from.path) else { continue }
            let to = URL(fileURLWithPath: file.path + suffix + extra)
            do {
                try manager.moveItem(at: from, to: to)
            } catch {
                throw RosterError.storeFailed("cannot set \(from.path) aside: \(error.localizedDescription)")
            }
            PrivateFiles.restrict([to])
        }
        return kept
    }
}
