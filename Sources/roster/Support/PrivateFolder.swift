import Foundation

/// A folder of this process's own under `$TMPDIR` (else `/tmp`) that only this account can
/// enter (0700), for files a child program is given: deleted when the child ends.
struct PrivateFolder: Sendable {
    let path: String

    init(_ prefix: String) throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/\(prefix)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CommandFailure("could not make a private folder in \(base)") }
        path = String(cString: made)
        chmod(path, 0o700)
    }

    func delete() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
