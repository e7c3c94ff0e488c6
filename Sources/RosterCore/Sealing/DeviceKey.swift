import Crypto
import Foundation
import RosterWire

/// The device's own key: 32 random bytes in `directory/device.key`, owner-only. Every session on
/// the device is sealed under it (alone under `open`, mixed with the user's PIN otherwise), so a
/// copy of the store without the key file opens nothing. Its id, a hash that reveals nothing of
/// it, is kept in the store: a key file that is missing or is another device's is reported, and
/// never replaced while sessions sealed under the old one remain.
struct DeviceKey: Sendable {
    static let fileName = "device.key"
    static let byteCount = 32

    let key: SymmetricKey
    /// Hex of the first 16 bytes of SHA-256 over the key.
    let id: String

    init(bytes: Data) {
        key = SymmetricKey(data: bytes)
        id = Self.id(of: bytes)
    }

    /// The id of a key's bytes. (Hex by hand rather than Foundation's `String(format:)` a
    /// byte: `DeviceStoreGlance` works it out at every line of a prompt.)
    static func id(of bytes: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(32)
        for byte in SHA256.hash(data: bytes).prefix(16) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    static func file(in directory: URL) -> URL { directory.appendingPathComponent(fileName) }

    /// Whether `directory` holds the key whose id is `id`, as `load` would find it, without
    /// making, replacing or tightening anything: what `DeviceStoreGlance` asks before it reads.
    static func isInPlace(in directory: URL, id: String) -> Bool {
        guard let data = try? BoundedFile.read(file(in: directory).path, atMost: byteCount), data.count == byteCount else { return false }
        return Self.id(of: data) == id
    }

    /// The key in `directory`. With `expectedId` (the store has sealed under a key before), the
    /// file must exist and be that key; without it, a missing file is created.
    static func load(
        in directory: URL, expectedId: String?, randomBytes: @Sendable (Int) -> [UInt8]
    ) throws -> DeviceKey {
        let file = file(in: directory)
        let found: Data?
        do {
            // A key is 32 bytes: a file of more is read no further.
            found = try BoundedFile.read(file.path, atMost: byteCount)
        } catch {
            guard error.reason == .missing else {
                let words = if case .tooLarge = error.reason { "it is not a key Roster wrote (over \(byteCount) bytes)" } else { error.words }
                throw RosterError.deviceKeyUnusable(path: file.path, reason: words)
            }
            found = nil
        }
        if let data = found {
            guard data.count == byteCount else {
                throw RosterError.deviceKeyUnusable(path: file.path, reason: "it is not a key Roster wrote (\(data.count) bytes)")
            }
            let key = DeviceKey(bytes: data)
            if let expectedId, key.id != expectedId {
                throw RosterError.deviceKeyUnusable(
                    path: file.path, reason: "it is not the key this device's sessions were sealed with")
            }
            PrivateFiles.restrict([file])
            return key
        }
        if expectedId != nil {
            throw RosterError.deviceKeyUnusable(
                path: file.path, reason: "the file is missing, so the sessions sealed under it cannot be opened")
        }
        let bytes = Data(randomBytes(byteCount))
        do {
            try PrivateFiles.writeNew(file, contents: bytes)
        } catch {
            throw RosterError.deviceKeyUnusable(path: file.path, reason: "cannot create it: \(error.localizedDescription)")
        }
        return DeviceKey(bytes: bytes)
    }
}
