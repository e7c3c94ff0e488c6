import Foundation

extension AggregationExpression {
    /// A Decimal128 for arithmetic, as MongoDB computes it: a coefficient of at most 34 decimal
    /// digits and an exponent, so `12.00 × 5` is `60.00` and `135.75 ÷ 3` is `45.25` exactly,
    /// trailing zeros kept as IEEE 754 keeps them. Rounding is half to even.
    ///
    ///     let price = Decimal128(text: "12.00")!
    ///     (price * Decimal128(5)).text // "60.00"
    ///     (Decimal128(text: "135.75")! / Decimal128(3)).text // "45.25"
    struct Decimal128: Sendable, Equatable {
        enum Kind: Sendable, Equatable { case finite, nan, infinity }

        var kind: Kind
        var negative: Bool
        /// The coefficient's decimal digits, least significant first, without leading zeros
        /// (empty for zero).
        var digits: [UInt8]
        var exponent: Int

        static let precision = 34
        static let maximumExponent = 6111
        static let minimumExponent = -6176

        static let nan = Decimal128(kind: .nan, negative: false, digits: [], exponent: 0)
        static func infinity(negative: Bool) -> Decimal128 { .init(kind: .infinity, negative: negative, digits: [], exponent: 0) }

        init(kind: Kind, negative: Bool, digits: [UInt8], exponent: Int) {
            self.kind = kind
            self.negative = negative
            self.digits = digits
            self.exponent = exponent
        }

        /// An integer, exactly, with exponent 0 (as MongoDB converts an int or a long).
        init(_ integer: Int64) {
            var magnitude = integer.magnitude
            var digits: [UInt8] = []
            while magnitude > 0 {
                digits.append(UInt8(magnitude % 10))
                magnitude /= 10
            }
            self.init(kind: .finite, negative: integer < 0, digits: digits, exponent: 0)
        }

        /// A double rounded to 15 significant digits, as MongoDB converts one (`0.1` becomes
        /// `0.100000000000000`).
        init(_ double: Double) {
            if double.isNaN { self = .nan; return }
            if double.isInfinite { self = .infinity(negative: double < 0); return }
            if double == 0 { self.init(kind: .finite, negative: double.sign == .minus, digits: [], exponent: 0); return }
            self = Decimal128(text: String(format: "%.14e", double)) ?? .nan
        }

        /// Reads a decimal number (`-12.50`, `1E+3`, `NaN`, `Infinity`), rounding past 34 digits.
        init?(text: String) {
            switch text.lowercased() {
            case "nan", "-nan", "+nan": self = .nan; return
            case "inf", "infinity", "+inf", "+infinity": self = .infinity(negative: false); return
            case "-inf", "-infinity": self = .infinity(negative: true); return
            default: break
            }
            var bytes = Array(text.utf8)[...]
            var negative = false
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                negative = sign == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            var mostSignificantFirst: [UInt8] = []
            var fractionDigits = 0
            var seenPoint = false
            while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
                bytes = bytes.dropFirst()
                if byte == UInt8(ascii: ".") && !seenPoint {
                    seenPoint = true
                } else if (0x30...0x39).contains(byte) {
                    mostSignificantFirst.append(byte - 0x30)
                    if seenPoint { fractionDigits += 1 }
                } else {
                    return nil
                }
            }
            guard !mostSignificantFirst.isEmpty else { return nil }
            var exponent = 0
            if !bytes.isEmpty {
                guard let written = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)), abs(written) < 1_000_000 else {
                    return nil
                }
                exponent = written
            }
            self.init(kind: .finite, negative: negative, digits: Self.trimmed(Array(mostSignificantFirst.reversed())),
                      exponent: exponent - fractionDigits)
            finish()
        }

        /// The text MongoDB prints: plain notation while the exponent is at most 0 and the
        /// number is not too small, scientific notation (`1.5E+3`) otherwise.
        var text: String {
            switch kind {
            case .nan: return "NaN"
            case .infinity: return negative ? "-Infinity" : "Infinity"
            case .finite: break
            }
            let coefficient = digits.isEmpty ? "0" : String(digits.reversed().map { Character(String($0)) })
            let adjusted = exponent + coefficient.count - 1
            var out = negative ? "-" : ""
            if exponent <= 0 && adjusted >= -6 {
                if exponent == 0 {
                    out += coefficient
                } else {
                    let point = coefficient.count + exponent
                    if point > 0 {
                        out += coefficient.prefix(point) + "." + coefficient.dropFirst(point)
                    } else {
                        out += "0." + String(repeating: "0", count: -point) + coefficient
                    }
                }
            } else {
                out += String(coefficient.prefix(1))
                if coefficient.count > 1 { out += "." + coefficient.dropFirst() }
                out += "E" + (adjusted >= 0 ? "+" : "-") + String(abs(adjusted))
            }
            return out
        }

        var isZero: Bool { kind == .finite && digits.isEmpty }

        /// The nearest double (for comparisons and for operators that work in doubles).
        var doubleValue: Double {
            switch kind {
            case .nan: return .nan
            case .infinity: return negative ? -.infinity : .infinity
            case .finite: return Double(text) ?? .nan
            }
        }

        // MARK: Rounding and range

        /// Rounds to 34 digits and brings the exponent into Decimal128's range (an overflow
        /// becomes infinity, an underflow loses digits).
        mutating func finish() {
            guard kind == .finite else { return }
            digits = Self.trimmed(digits)
            round(toDigits: Self.precision)
            if exponent > Self.maximumExponent {
                if digits.isEmpty {
                    exponent = Self.maximumExponent
                } else {
                    let room = min(Self.precision - digits.count, exponent - Self.maximumExponent)
                    digits = Self.shifted(digits, by: room)
                    exponent -= room
                    if exponent > Self.maximumExponent { self = .infinity(negative: negative) }
                }
            }
            if exponent < Self.minimumExponent {
                let keep = digits.count - (Self.minimumExponent - exponent)
                if keep <= 0 {
                    digits = []
                    exponent = Self.minimumExponent
                } else {
                    round(toDigits: keep)
                }
            }
        }

        /// Keeps the `count` most significant digits, half to even (`sticky` says digits past
        /// these were already dropped and were not all zero). Returns whether a non-zero digit
        /// was dropped.
        @discardableResult
        mutating func round(toDigits count: Int, sticky: Bool = false) -> Bool {
            guard digits.count > count else {
                return sticky
            }
            let drop = digits.count - count
            let first = digits[drop - 1]
            let rest = sticky || digits[..<(drop - 1)].contains { $0 != 0 }
            var kept = Array(digits[drop...])
            exponent += drop
            let odd = (kept.first ?? 0) % 2 == 1
            if first > 5 || (first == 5 && (rest || odd)) {
                kept = Self.add(kept, [1])
                if kept.count > count {
                    kept.removeFirst()
                    exponent += 1
                }
            }
            digits = Self.trimmed(kept)
            return first != 0 || rest
        }
    }
}
