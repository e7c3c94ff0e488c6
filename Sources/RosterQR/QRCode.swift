import CQREncode

/// A QR Code symbol (ISO/IEC 18004) of a text, encoded by libqrencode: its version and its
/// square of modules. The device log-in shows its URL as one, so a phone can open it.
///
/// ```swift
/// let code = try QRCode(encoding: "http://127.0.0.1:8080/device?code=WDJB-MJHT")
/// code.version    // 3
/// code.picture()  // the modules inside the 4-module quiet zone, to draw
/// ```
public struct QRCode: Sendable, Equatable {
    /// How much of the symbol can be damaged and still read: about 7, 15, 25 or 30 percent.
    /// A screen does not smudge, so `low` keeps the symbol smallest.
    public enum Correction: Sendable, Equatable, CaseIterable {
        case low, medium, quartile, high

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case empty
        /// A NUL character, which a QR text cannot carry here.
        case nulCharacter
        /// More than the largest symbol (version 40) holds at this correction level.
        case tooLong
        case encoderFailed(errno: Int32)

        public var description: String {
            switch self {
            case .empty: "nothing to encode"
            case .nulCharacter: "the text holds a NUL character"
            case .tooLong: "the text is too long for a QR code"
            case .encoderFailed(let errno): "the QR encoder failed (errno \(errno))"
            }
        }
    }

    /// 1 to 40: the symbol is `17 + 4 × version` modules a side.
    public let version: Int
    public let correction: Correction
    /// The modules, dark ones set; `size` a side, without the quiet zone.
    public let modules: Bitmap

    public var size: Int { modules.width }

    /// Encodes the text (UTF-8, in the smallest mix of numeric, alphanumeric and byte segments)
    /// in the smallest version from `minimumVersion` up that holds it.
    public init(encoding text: String, correction: Correction = .low, minimumVersion: Int = 1) throws(Failure) {
        guard !text.isEmpty else { throw .empty }
        guard !text.utf8.contains(0) else { throw .nulCharacter }
        guard (1...40).contains(minimumVersion) else { throw .encoderFailed(errno: EINVAL) }
        guard let symbol = QRcode_encodeString(text, Int32(minimumVersion), correction.level, QR_MODE_8, 1) else {
            let error = roster_qr_errno()
            throw error == ERANGE ? .tooLong : .encoderFailed(errno: error)
        }
        defer { QRcode_free(symbol) }
        let side = Int(symbol.pointee.width)
        var modules = Bitmap(width: side, height: side)
        for row in 0..<side {
            for column in 0..<side {
                // Bit 0 of each byte is the module's colour; the other bits say what it is part of.
                modules[row, column] = symbol.pointee.data[row * side + column] & 1 == 1
            }
        }
        self.version = Int(symbol.pointee.version)
        self.correction = correction
        self.modules = modules
    }

    /// The symbol inside its quiet zone (4 modules of light on every side, as the standard asks),
    /// ready to draw with `halfBlockLines`.
    public func picture(quietZone: Int = 4) -> Bitmap {
        modules.padded(by: quietZone)
    }
}
