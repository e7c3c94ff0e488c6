import Foundation
import RosterWire

/// The files of an app directory, looked at within `AppDirectoryLimits`: each folder listed
/// entry by entry (a folder of a million files stops at the budget, not after listing them
/// all), links refused (a folder linking to itself would never end), every file read through
/// `BoundedFile`.
struct DirectoryWalk {
    let root: URL
    let limits: AppDirectoryLimits
    private(set) var entries = 0

    init(root: URL, limits: AppDirectoryLimits) {
        self.root = root
        self.limits = limits
    }

    enum Kind { case file, folder }

    /// What `relative` is (nil when there is nothing there). A link or anything but a file or a
    /// folder is refused.
    func kind(_ relative: String) throws -> Kind? {
        var info = stat()
        guard lstat(path(relative), &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: throw AppDirectoryError(file: relative, reason: "a link: an app directory holds files and folders only")
        default: throw AppDirectoryError(file: relative, reason: "neither a file nor a folder")
        }
    }

    func path(_ relative: String) -> String {
        relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
    }

    /// The names in the folder `relative`, sorted, each counted against the budget; hidden
    /// names (`.mdb`, `.gitignore`) are left out.
    mutating func names(in relative: String) throws -> [String] {
        let depth = relative.split(separator: "/").count
        guard depth <= limits.maxDepth else {
            throw AppDirectoryError(file: relative + "/", reason: "folders nest deeper than \(limits.maxDepth) levels")
        }
        guard let folder = opendir(path(relative)) else { throw AppDirectoryError(file: relative + "/", reason: "cannot be listed") }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            entries += 1
            guard entries <= limits.maxEntries else {
                throw AppDirectoryError(
                    file: Self.join(relative, name), reason: "the directory holds more than \(limits.maxEntries) files and folders")
            }
            names.append(name)
        }
        return names.sorted()
    }

    /// The bytes of the file `relative`, at most `limits.maxFileBytes`.
    func read(_ relative: String) throws -> Data {
        do {
            return try BoundedFile.read(path(relative), atMost: limits.maxFileBytes)
        } catch {
            throw AppDirectoryError(file: relative, reason: error.words)
        }
    }

    /// The file `relative` as JSON.
    func json(_ relative: String) throws -> JSONValue {
        let data = try read(relative)
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw AppDirectoryError(file: relative, reason: "not valid JSON (\(error))")
        }
    }

    /// The file `relative` as a JSON object's fields, when there is such a file.
    func fieldsIfPresent(_ relative: String) throws -> JSONFields? {
        guard try kind(relative) != nil else { return nil }
        return try JSONFields(try json(relative), file: relative)
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }
}
