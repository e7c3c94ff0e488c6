import RosterAppModel

/// The ids of an app's resources, as App Services gives them: 24 hexadecimal digits, an
/// ObjectId. A resource made through the Admin API keeps the id it was given, in an app directory
/// exported too; one that came from a directory that names no id gets one derived from its kind
/// and name, the same every time, so it can be read, changed and deleted by it too.
///
///     AdminObjectID.resolve(function.id, kind: "function", name: function.name)
public enum AdminObjectID {
    /// Whether `text` is 24 hexadecimal digits (`AppObjectID`).
    public static func isValid(_ text: String) -> Bool { AppObjectID.isValid(text) }

    /// The resource's id: the one it was given, or the one derived from its kind and name.
    public static func resolve(_ id: String?, kind: String, name: String) -> String {
        id ?? derived(kind: kind, name: name)
    }

    /// 24 hex digits from the kind and name (FNV-1a, two rounds of 32 bits), behind a zero
    /// timestamp so no one takes it for a creation time.
    public static func derived(kind: String, name: String) -> String {
        let bytes = Array(kind.utf8) + [0] + Array(name.utf8)
        let rounds = [UInt32(0x811C_9DC5), 0x5BD1_E995].map { seed in
            bytes.reduce(seed) { ($0 ^ UInt32($1)) &* 0x0100_0193 }
        }
        return "00000000" + rounds.map(hex).joined()
    }

    /// The seconds since 1970 at which an id was made, from its first 4 bytes; 0 for a derived id.
    public static func seconds(_ id: String) -> Int64 {
        guard isValid(id) else { return 0 }
        return Int64(UInt32(id.prefix(8), radix: 16) ?? 0)
    }

    /// An id from a path, shortened for an error message.
    static func printable(_ id: String) -> String {
        String(id.unicodeScalars.filter { $0.isASCII && $0.value >= 32 }.prefix(64).map(Character.init))
    }

    private static func hex(_ word: UInt32) -> String {
        let digits = String(word, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
