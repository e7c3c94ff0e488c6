import Foundation
import RosterServer
import RosterServerCore
import RosterWire
import Testing

@testable import RosterCore

#if canImport(Glibc)
    import Glibc
#endif

/// The room the device store keeps beside it for a refreshed session (`DiskReserve`), on a real
/// full disk: a small tmpfs mounted as the device's directory and filled to the last page.
@Suite("The device store's disk reserve")
struct DiskReserveTests {
    @Test func theReserveIsOwnerOnlyAndItsBlocksAreAllocated() throws {
        let temporary = try TemporaryDirectory()
        let store = try SQLiteDeviceStore(directory: temporary.url)
        let reserve = store.reserve
        var info = stat()
        #expect(lstat(reserve.file.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(Int(info.st_size) == DiskReserve.defaultSize)
        #expect(Int(info.st_blocks) * 512 >= DiskReserve.defaultSize, "allocated, not sparse")
        #expect(reserve.isInPlace)

        // Given up, and made again at the next open with room; a sparse one is made whole.
        #expect(reserve.release())
        #expect(!reserve.isInPlace)
        #expect(truncate(reserve.file.path, off_t(DiskReserve.defaultSize)) != 0)  // gone
        let fd = open(reserve.file.path, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        #expect(ftruncate(fd, off_t(DiskReserve.defaultSize)) == 0)
        close(fd)
        #expect(!reserve.isInPlace, "a sparse file frees nothing")
        _ = try SQLiteDeviceStore(directory: temporary.url)
        #expect(lstat(reserve.file.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(Int(info.st_blocks) * 512 >= DiskReserve.defaultSize)
    }

    @Test(.timeLimit(.minutes(2)))
    func aRotatedTokenIsStoredOnAFullDiskSoTheNextProcessCarriesOnPastTheGraceWindow() async throws {
        let fixture = try await Fixture.start()
        let disk = try SmallDisk(at: fixture.directory, size: "4m")
        defer { disk.unmount() }
        let joeId: String
        do {
            // One short-lived process: it logs in, the disk fills, and a refresh is rotated.
            let app = try fixture.makeApp()
            let joe = try await app.login(credentials: Fixture.joe)
            joeId = joe.id
            let reserve = DiskReserve(beside: fixture.directory.appendingPathComponent(SQLiteDeviceStore.fileName))
            #expect(reserve.isInPlace)
            try disk.fill()
            fixture.clock.advance(by: 1800)
            _ = try await joe.freshAccessToken()
            let stored = try app.keys.opened(try #require(try app.store.user(id: joe.id))).refreshToken
            #expect(try generation(stored) == 1, "stored in the room the reserve gave up")
            #expect(!reserve.isInPlace)
        }

        // Its next run, long past the server's grace window, on a disk still nearly full (a
        // little room, less than the reserve, is freed meanwhile, as others' files come and go),
        // carries on from the stored token rather than presenting the replaced one.
        try disk.free(256 * 1024)
        let next = try fixture.makeApp(transport: fixture.makeTransport())
        fixture.clock.advance(by: 1800)
        let joe = try #require(next.user(id: joeId))
        _ = try await joe.freshAccessToken()
        #expect(joe.state == .loggedIn)
        let newest = try next.tokens.current(joe).refreshToken
        #expect(try generation(newest) == 2)
        #expect(await fixture.refreshStatus(try #require(newest)) == 200)
    }

    func generation(_ token: String?) throws -> Int {
        try UnverifiedJWT.claims(RefreshTokenClaims.self, of: try #require(token)).generation ?? 0
    }
}

/// A tmpfs of a fixed size mounted over a directory (the tests run as root), which can be filled
/// until the kernel refuses another byte.
struct SmallDisk {
    let directory: URL

    init(at directory: URL, size: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard mount("tmpfs", directory.path, "tmpfs", 0, "size=\(size),mode=0700") == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: directory.path])
        }
        self.directory = directory
    }

    /// Writes a filler file until the disk is full, to the last page.
    func fill() throws {
        let fd = open(directory.appendingPathComponent("filler").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(fd) }
        for chunk in [64 * 1024, 4096, 512, 1] {
            let zeros = [UInt8](repeating: 1, count: chunk)
            while zeros.withUnsafeBytes({ write(fd, $0.baseAddress, chunk) }) == chunk {}
        }
        var info = statvfs()
        guard statvfs(directory.path, &info) == 0, info.f_bavail == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Frees that many bytes of the filler.
    func free(_ bytes: Int) throws {
        let filler = directory.appendingPathComponent("filler").path
        var info = stat()
        guard stat(filler, &info) == 0, truncate(filler, max(0, info.st_size - off_t(bytes))) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    func unmount() {
        umount2(directory.path, Int32(MNT_DETACH))
    }
}
