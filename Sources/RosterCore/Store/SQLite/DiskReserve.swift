import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Room kept beside the device store for the one write that must not fail on a full disk: a
/// refreshed session. The server may have replaced the refresh token it was sent, and the
/// replaced one answers only for its grace window; a process that could not store the new one
/// and exits leaves its next run with the replaced one, which ends the session. So the store
/// keeps `<store>.reserve`, a file of `defaultSize` bytes whose blocks are really allocated
/// (never sparse), owner-only from its first byte; a session write the disk refuses deletes it,
/// freeing its blocks, and is tried once more. The reserve is made again when the store is opened
/// with room for it (at least twice its size free, so it never takes the last room itself); one
/// that cannot be made is simply not there.
struct DiskReserve: Sendable {
    /// 1 MiB: a session write in WAL mode appends a few 4 KiB pages to the WAL (the user's row,
    /// the revision, their index pages) and may need the WAL and its index to grow; 1 MiB holds
    /// that many times over while costing nothing that matters on a disk with room.
    static let defaultSize: Int = 1 << 20

    let file: URL
    let size: Int

    init(beside store: URL, size: Int = DiskReserve.defaultSize) {
        file = URL(fileURLWithPath: store.path + ".reserve")
        self.size = max(0, size)
    }

    /// Whether the reserve is there, whole and allocated.
    var isInPlace: Bool {
        var info = stat()
        guard size > 0, lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return Int(info.st_size) >= size && Int(info.st_blocks) >= size / 512
    }

    /// Makes the reserve when it is not there and the disk has room for it; never throws.
    func make() {
        guard size > 0, !isInPlace, hasRoom else { return }
        let fd = open(file.path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        var made = fchmod(fd, 0o600) == 0 && allocate(fd)
        made = fsync(fd) == 0 && made
        close(fd)
        if !made { unlink(file.path) }
    }

    /// Gives the reserve up, freeing its blocks; whether there was one to give.
    @discardableResult
    func release() -> Bool {
        guard size > 0 else { return false }
        return unlink(file.path) == 0
    }

    /// At least twice the reserve free for an unprivileged writer.
    private var hasRoom: Bool {
        var info = statvfs()
        let directory = file.deletingLastPathComponent().path
        guard statvfs(directory, &info) == 0 else { return false }
        let (free, overflow) = UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_frsize))
        return overflow || free >= UInt64(size) * 2
    }

    /// Allocates the file's blocks: `posix_fallocate` where there is one, zeros written elsewhere.
    private func allocate(_ fd: Int32) -> Bool {
        #if os(Linux)
            return posix_fallocate(fd, 0, off_t(size)) == 0
        #else
            let chunk = [UInt8](repeating: 0, count: 64 * 1024)
            var written = 0
            guard ftruncate(fd, 0) == 0 else { return false }
            while written < size {
                let count = min(chunk.count, size - written)
                let wrote = chunk.withUnsafeBytes { write(fd, $0.baseAddress, count) }
                guard wrote > 0 else { return false }
                written += wrote
            }
            return true
        #endif
    }
}
