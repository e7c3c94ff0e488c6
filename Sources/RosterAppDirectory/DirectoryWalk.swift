import Foundation
import RosterWire

/// The files of an app directory (`AppFiles`: on disk, or sent to the Admin API's import), looked
/// at within `AppDirectoryLimits`: each folder listed entry by entry (a folder of a million files
/// stops at the budget, not after listing them all), every file read within its size.
struct DirectoryWalk {
    let files: any AppFiles
    let limits: AppDirectoryLimits
    private(set) var entries = 0

    init(files: any AppFiles, limits: AppDirectoryLimits) {
        self.files = files
        self.limits = limits
    }

    typealias Kind = AppFileKind

    /// What `relative` is (nil when there is nothing there). A link or anything but a file or a
    /// folder is refused.
    func kind(_ relative: String) throws -> Kind? {
        try files.kind(relative)
    }

    /// The names in the folder `relative`, sorted, each counted against the budget; hidden
    /// names (`.mdb`, `.gitignore`) are left out.
    mutating func names(in relative: String) throws -> [String] {
        let depth = relative.split(separator: "/").count
        guard depth <= limits.maxDepth else {
            throw AppDirectoryError(file: relative + "/", reason: "folders nest deeper than \(limits.maxDepth) levels")
        }
        var names: [String] = []
        var counted = entries
        let budget = limits.maxEntries
        try files.forEachName(in: relative) { (name: String) throws(AppDirectoryError) in
            if name.hasPrefix(".") { return }
            counted += 1
            guard counted <= budget else {
                throw AppDirectoryError(file: Self.join(relative, name), reason: "the directory holds more than \(budget) files and folders")
            }
            names.append(name)
        }
        entries = counted
        return names.sorted()
    }

    /// The bytes of the file `relative`, at most `limits.maxFileBytes`.
    func read(_ relative: String) throws -> Data {
        try files.read(relative, atMost: limits.maxFileBytes)
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
