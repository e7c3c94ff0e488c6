/// An app configuration refuses keys it does not know, with the key's name and where it is: a
/// typo (`"autoConfrim"`) would otherwise quietly leave a setting at its default.
///
///     public init(from decoder: any Decoder) throws {
///         let container = try decoder.knownKeys(CodingKeys.self)
///         …
extension Decoder {
    /// The keyed container, after checking that every key present is one of `keys`.
    package func knownKeys<Key: CodingKey & CaseIterable>(_ keys: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let present = try container(keyedBy: AnyConfigKey.self).allKeys
        let known = Set(Key.allCases.map(\.stringValue))
        if let unknown = present.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [AnyConfigKey(stringValue: unknown)],
                    debugDescription: "\(ConfigKeyError.marker) (known here: \(known.sorted().joined(separator: ", ")))"))
        }
        return try container(keyedBy: Key.self)
    }
}

package enum ConfigKeyError {
    package static let marker = "unknown key"
}

/// Any key, to list what a JSON object holds.
private struct AnyConfigKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}
