import Foundation

/// Where an app directory's files are read from: a folder on disk (`DiskAppFiles`, what
/// `--app-dir` reads) or the files an Admin API import sends as JSON (`AppFileTree`). The one
/// reader (`AppDirectory.read`) reads either within the same `AppDirectoryLimits`, so an import
/// is checked as a directory is, its faults naming the same files and keys.
///
///     let tree = try AppImportBody.files(from: body)
///     let read = try AppDirectory.read(tree, appId: "kiosk-abcde")
public protocol AppFiles: Sendable {
    /// How the directory is named when it is refused as a whole.
    var rootName: String { get }
    /// What `relative` is (nil when there is nothing there); anything but a file or a folder is
    /// refused, naming it.
    func kind(_ relative: String) throws(AppDirectoryError) -> AppFileKind?
    /// Hands each name in the folder `relative` to `each`, one at a time, so that a budget can
    /// stop a listing part way; the order is not given.
    func forEachName(in relative: String, _ each: (String) throws(AppDirectoryError) -> Void) throws(AppDirectoryError)
    /// The bytes of the file `relative`, refused past `limit` bytes.
    func read(_ relative: String, atMost limit: Int) throws(AppDirectoryError) -> Data
}

/// What a path of an app directory is.
public enum AppFileKind: Sendable, Equatable {
    case file, folder
}
