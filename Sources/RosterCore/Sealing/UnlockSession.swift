import Crypto
import Foundation
import RosterWire

/// Short-lived unlock sessions (`eval "$(roster unlock)"`, as `eval $(op signin)` gives the
/// 1Password CLI): after one right PIN, a value a shell keeps in `ROSTER_SESSION` that later
/// commands of that shell give instead of asking again (docs/SECURITY.md, "Unlock sessions").
///
/// The value is `rs1_` and two random numbers: the session's id and its secret. The device keeps,
/// under `unlock-sessions/<id>` (owner-only), the key the user's session is sealed with, itself
/// sealed (AES-GCM) with a key derived from the secret with the device key as HKDF salt, and a
/// check value of that key. So the value alone opens nothing, tells nothing of the PIN or of any
/// key, and is useless on another device (no record there, and another device key if the record
/// is copied too); the record alone cannot be opened without the value. It is checked in constant
/// time, and refused once it has gone unused for longer than the idle time it was given; each use
/// starts that time again. A PIN changed since makes it open nothing.
///
///     let value = try sessions.issue(userId: id, entry: entry, rowKey: key, idle: 600, now: now)
///     let opened = try sessions.open(value, now: now) // the row key, for that user's entry
struct UnlockSessions: Sendable {
    let directory: URL
    let deviceKey: DeviceKey
    let randomBytes: @Sendable (Int) -> [UInt8]

    static let prefix = "rs1_"
    static let idBytes = 16
    static let secretBytes = 32
    /// The longest idle time a session may be given, whatever is asked.
    static let longestIdle: TimeInterval = 24 * 3600
    /// The most a record may weigh when read.
    static let recordBytes = 4096
    private static let checkLabel = Data("roster unlock session check v1".utf8)

    /// Why a value was refused, in words for the person.
    enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Not a value `roster unlock` gives.
        case malformed
        /// No such session here: another device's, ended, or never made.
        case unknown
        /// Unused for longer than its idle time.
        case idle(TimeInterval)
        /// Made for another user.
        case otherUser
        /// The record does not open with this value on this device.
        case wrong

        var description: String {
            switch self {
            case .malformed: "ROSTER_SESSION is not a value roster unlock gives"
            case .unknown: "ROSTER_SESSION names no unlock session on this device"
            case .idle(let seconds): "ROSTER_SESSION went unused for more than \(IdleText.words(seconds)) and has ended"
            case .otherUser: "ROSTER_SESSION unlocks another user"
            case .wrong: "ROSTER_SESSION does not open its unlock session on this device"
            }
        }
    }

    struct Record: Codable {
        var userId: String
        var entry: String
        var box: Data
        var check: Data
        var lastUsed: Date
        var idleSeconds: Double
    }

    struct Opened {
        let key: SymmetricKey
        let entry: String
    }

    /// A new session for the user whose row `rowKey` opens; its value.
    func issue(userId: String, entry: String, rowKey: SymmetricKey, idle: TimeInterval, now: Date) throws -> String {
        let idle = min(max(1, idle.isFinite ? idle : Self.longestIdle), Self.longestIdle)
        let id = Self.hex(randomBytes(Self.idBytes))
        let secret = randomBytes(Self.secretBytes)
        let key = derivedKey(secret: Data(secret), id: id, userId: userId, entry: entry)
        let nonce = try AES.GCM.Nonce(data: Data(randomBytes(12)))
        let plaintext = rowKey.withUnsafeBytes { Data($0) }
        let sealed = try AES.GCM.seal(plaintext, using: key, nonce: nonce, authenticating: associatedData(id: id, userId: userId, entry: entry))
        guard let box = sealed.combined else { throw RosterError.invalidRequest("an unlock session could not be sealed") }
        let check = Data(HMAC<SHA256>.authenticationCode(for: Self.checkLabel, using: key))
        let record = Record(userId: userId, entry: entry, box: box, check: check, lastUsed: now, idleSeconds: idle)
        try PrivateFiles.makeDirectory(directory)
        pruneEnded(now: now)
        try PrivateFiles.writeNew(directory.appendingPathComponent(id), contents: try JSONEncoder().encode(record))
        return Self.prefix + id + "_" + Self.hex(secret)
    }

    /// The row key `value` holds for `userId`, its idle time started again; refused in words.
    func open(_ value: String, userId: String, now: Date) throws(Refusal) -> Opened {
        guard let (id, secret) = Self.parse(value) else { throw .malformed }
        let url = directory.appendingPathComponent(id)
        guard let data = try? BoundedFile.read(url.path, atMost: Self.recordBytes),
            var record = try? JSONDecoder().decode(Record.self, from: data)
        else { throw .unknown }
        let key = derivedKey(secret: secret, id: id, userId: record.userId, entry: record.entry)
        // The check value, compared in constant time, before anything else of the record counts.
        guard HMAC<SHA256>.isValidAuthenticationCode(record.check, authenticating: Self.checkLabel, using: key) else { throw .wrong }
        guard record.userId == userId else { throw .otherUser }
        let idle = now.timeIntervalSince(record.lastUsed)
        guard idle <= record.idleSeconds else {
            try? FileManager.default.removeItem(at: url)
            throw .idle(record.idleSeconds)
        }
        let opened: Data
        do {
            let box = try AES.GCM.SealedBox(combined: record.box)
            opened = try AES.GCM.open(box, using: key, authenticating: associatedData(id: id, userId: record.userId, entry: record.entry))
        } catch {
            throw .wrong
        }
        record.lastUsed = max(record.lastUsed, now)
        if let encoded = try? JSONEncoder().encode(record) {
            let next = directory.appendingPathComponent(".\(id)-\(Self.hex(randomBytes(4)))")
            if (try? PrivateFiles.writeNew(next, contents: encoded)) != nil, rename(next.path, url.path) != 0 {
                try? FileManager.default.removeItem(at: next)
            }
        }
        return Opened(key: SymmetricKey(data: opened), entry: record.entry)
    }

    /// Ends the session `value` names (`roster lock`); nothing when there is none.
    func end(_ value: String) {
        guard let (id, _) = Self.parse(value) else { return }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(id))
    }

    /// Deletes the records of sessions whose idle time has passed.
    func pruneEnded(now: Date) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names.prefix(10_000) where Self.isId(name) {
            let url = directory.appendingPathComponent(name)
            guard let data = try? BoundedFile.read(url.path, atMost: Self.recordBytes),
                let record = try? JSONDecoder().decode(Record.self, from: data)
            else { continue }
            if now.timeIntervalSince(record.lastUsed) > record.idleSeconds { try? FileManager.default.removeItem(at: url) }
        }
    }

    private func derivedKey(secret: Data, id: String, userId: String, entry: String) -> SymmetricKey {
        let deviceBytes = deviceKey.key.withUnsafeBytes { Data($0) }
        return HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: secret), salt: deviceBytes,
            info: Data("roster unlock session v1 \(id) \(userId) \(entry)".utf8), outputByteCount: 32)
    }

    private func associatedData(id: String, userId: String, entry: String) -> Data {
        Data(["roster unlock session v1", id, userId, entry, deviceKey.id].joined(separator: "\u{0}").utf8)
    }

    static func parse(_ value: String) -> (id: String, secret: Data)? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(prefix) else { return nil }
        let parts = trimmed.dropFirst(prefix.count).split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, isId(String(parts[0])), parts[1].count == secretBytes * 2, let secret = bytes(hex: parts[1]) else { return nil }
        return (String(parts[0]), secret)
    }

    static func isId(_ name: String) -> Bool {
        name.utf8.count == idBytes * 2 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static func bytes(hex: Substring) -> Data? {
        var data = Data()
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next() {
            guard let low = iterator.next(), let h = nibble(high), let l = nibble(low) else { return nil }
            data.append(h << 4 | l)
        }
        return data
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 97...102: byte - 87
        default: nil
        }
    }
}

/// An idle time in words: `10 min`, `90 s`, `2 h`.
enum IdleText {
    static func words(_ seconds: TimeInterval) -> String {
        let whole = Int(min(max(0, seconds), 1e9))
        if whole >= 3600, whole % 3600 == 0 { return "\(whole / 3600) h" }
        if whole >= 60, whole % 60 == 0 { return "\(whole / 60) min" }
        return "\(whole) s"
    }
}
