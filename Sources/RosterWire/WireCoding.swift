import Foundation

/// The JSON coders both sides use, so bodies look the same whichever side wrote them.
public enum WireCoding {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// One of each, shared: Foundation's coders may be used from many threads at once, and a
    /// body need not pay for making one.
    private static let sharedEncoder = encoder()
    private static let sharedDecoder = decoder()

    /// Encodes a wire body.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        try sharedEncoder.encode(value)
    }

    /// Decodes a wire body.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try sharedDecoder.decode(type, from: data)
    }
}
