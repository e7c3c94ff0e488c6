import Foundation
import RosterWire

/// An app directory in a folder on disk: links refused (a folder linking to itself would never
/// end), each folder listed entry by entry, every file read through `BoundedFile`.
public struct DiskAppFiles: AppFiles {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    public var rootName: String { root.path }

    public func kind(_ relative: String) throws(AppDirectoryError) -> AppFileKind? {
        var info = stat()
        guard lstat(path(relative), &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: throw AppDirectoryError(file: relative, reason: "a link: an app directory holds files and folders only")
        default: throw AppDirectoryError(file: relative, reason: "neither a file nor a folder")
        }
    }

    public func forEachName(in relative: String, _ each: (String) throws(AppDirectoryError) -> Void) throws(AppDirectoryError) {
        guard let folder = opendir(path(relative)) else { throw AppDirectoryError(file: relative + "/", reason: "cannot be listed") }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            try each(name)
        }
    }

    public func read(_ relative: String, atMost limit: Int) throws(AppDirectoryError) -> Data {
        do {
            return try BoundedFile.read(path(relative), atMost: limit)
        } catch {
            throw AppDirectoryError(file: relative, reason: error.words)
        }
    }

    private func path(_ relative: String) -> String {
        relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
    }
}
