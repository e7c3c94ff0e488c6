import Foundation

/// An app directory held in memory, file by file: what an Admin API import sends, laid out as
/// `appservices pull` would write it (`AppImportBody`). Folders are those the files' paths name.
///
///     var tree = AppFileTree(rootName: "the import")
///     try tree.add("values/greeting.json", Data(#"{"name": "greeting", "value": "hi"}"#.utf8), from: "values.0")
public struct AppFileTree: AppFiles, Equatable {
    public let rootName: String
    private var files: [String: Data] = [:]
    /// Each folder's names, the root's under "".
    private var folders: [String: Set<String>] = ["": []]

    public init(rootName: String) {
        self.rootName = rootName
    }

    /// How many files the tree holds.
    public var count: Int { files.count }

    /// Adds the file `path` (segments separated by `/`); `from` names where in the import it came
    /// from, for the refusal of a path that is no plain relative path or that is taken.
    public mutating func add(_ path: String, _ data: Data, from key: String) throws(AppDirectoryError) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for segment in segments where !Self.isPlainName(segment) {
            throw AppDirectoryError(
                file: rootName, key: key,
                reason: "'\(segment.prefix(64))' cannot name a file of an app directory (a name, not empty, '.', '..' or starting with '.')")
        }
        guard files[path] == nil, folders[path] == nil else {
            throw AppDirectoryError(file: rootName, key: key, reason: "makes '\(path.prefix(200))' a second time")
        }
        var folder = ""
        for segment in segments.dropLast() {
            let next = folder.isEmpty ? segment : folder + "/" + segment
            guard files[next] == nil else { throw AppDirectoryError(file: rootName, key: key, reason: "puts a file under the file '\(next.prefix(200))'") }
            folders[folder, default: []].insert(segment)
            if folders[next] == nil { folders[next] = [] }
            folder = next
        }
        folders[folder, default: []].insert(segments[segments.count - 1])
        files[path] = data
    }

    /// A segment of a path: not empty, not `.` or `..`, not hidden (the reader skips hidden
    /// names), without `/`, a NUL or a control character.
    static func isPlainName(_ segment: String) -> Bool {
        !segment.isEmpty && !segment.hasPrefix(".") && segment.utf8.count <= 255
            && !segment.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }

    public func kind(_ relative: String) throws(AppDirectoryError) -> AppFileKind? {
        if files[relative] != nil { return .file }
        if folders[relative] != nil { return .folder }
        return nil
    }

    public func forEachName(in relative: String, _ each: (String) throws(AppDirectoryError) -> Void) throws(AppDirectoryError) {
        guard let names = folders[relative] else { throw AppDirectoryError(file: relative + "/", reason: "cannot be listed") }
        for name in names { try each(name) }
    }

    public func read(_ relative: String, atMost limit: Int) throws(AppDirectoryError) -> Data {
        guard let data = files[relative] else { throw AppDirectoryError(file: relative, reason: "missing") }
        guard data.count <= limit else { throw AppDirectoryError(file: relative, reason: "larger than \(limit) bytes") }
        return data
    }
}
