import Foundation

/// A file a person wrote or chose (a config file, an app configuration, a settings file, a key
/// set), read with a bound before anything parses it: a file of gigabytes, or a FIFO or device
/// that never ends, is refused in one line instead of filling memory or holding the reader.
/// Every file Roster reads goes through here with its own bound.
///
///     let data = try BoundedFile.read("/etc/roster/app.json", atMost: BoundedFile.configBytes)
public enum BoundedFile {
    /// The bound of a configuration file (an app, the server's settings, a key set): 1 MiB.
    public static let configBytes = 1 << 20

    /// Why a file was not read, in words that name it.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public enum Reason: Sendable, Equatable {
            case missing, notRegular, tooLarge(limit: Int), unreadable
        }

        public let path: String
        public let reason: Reason

        /// The reason in words, without the path.
        public var words: String {
            switch reason {
            case .missing: "no such file"
            case .notRegular: "not a regular file"
            case .tooLarge(let limit): "over \(BoundedFile.words(limit)), more than such a file holds"
            case .unreadable: "cannot be read"
            }
        }

        public var description: String { "\(path): \(words)" }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them; refused when there is
    /// none, it is not a regular file, it holds more, or it cannot be read.
    public static func read(_ path: String, atMost limit: Int) throws(Refusal) -> Data {
        // Opened without waiting (a FIFO would hold the reader until someone writes), then
        // looked at through the open file: a link is followed, and what is read is what was looked at.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Refusal(path: path, reason: errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Refusal(path: path, reason: .unreadable) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Refusal(path: path, reason: .notRegular) }
        guard info.st_size <= limit else { throw Refusal(path: path, reason: .tooLarge(limit: limit)) }
        // One byte past the bound: a file that grew since it was looked at is still refused.
        let data: Data
        do {
            data = try handle.read(upToCount: limit < Int.max ? limit + 1 : limit) ?? Data()
        } catch {
            throw Refusal(path: path, reason: .unreadable)
        }
        guard data.count <= limit else { throw Refusal(path: path, reason: .tooLarge(limit: limit)) }
        return data
    }

    /// Up to `limit` bytes of standard input (a document piped or redirected from a file), and
    /// no more: a cut document then fails to parse, in words, instead of filling memory.
    public static func standardInput(atMost limit: Int) -> Data {
        (try? FileHandle.standardInput.read(upToCount: limit)) ?? Data()
    }

    /// A bound in words: `64 KiB`, `1 MiB`, `32 bytes`.
    static func words(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
