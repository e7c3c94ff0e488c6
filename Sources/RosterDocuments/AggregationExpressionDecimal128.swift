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

        static prefix func - (value: Decimal128) -> Decimal128 {
            var negated = value
            if value.kind != .nan { negated.negative.toggle() }
            return negated
        }

        static func + (a: Decimal128, b: Decimal128) -> Decimal128 {
            if a.kind == .nan || b.kind == .nan { return .nan }
            if a.kind == .infinity || b.kind == .infinity {
                if a.kind == .infinity && b.kind == .infinity && a.negative != b.negative { return .nan }
                return a.kind == .infinity ? a : b
            }
            if a.isZero || b.isZero { return sum(zero: a.isZero ? a : b, other: a.isZero ? b : a) }
            // An operand wholly below the other's rounding digits only counts as a sticky digit;
            // standing in for it keeps the aligned digits few whatever the exponents.
            let (a, b) = (a.stickyBelow(b), b.stickyBelow(a))
            let exponent = min(a.exponent, b.exponent)
            let left = shifted(a.digits, by: a.exponent - exponent)
            let right = shifted(b.digits, by: b.exponent - exponent)
            var result: Decimal128
            if a.negative == b.negative {
                result = .init(kind: .finite, negative: a.negative, digits: add(left, right), exponent: exponent)
            } else {
                switch compare(left, right) {
                case 0: result = .init(kind: .finite, negative: false, digits: [], exponent: exponent)
                case 1: result = .init(kind: .finite, negative: a.negative, digits: subtract(left, right), exponent: exponent)
                default: result = .init(kind: .finite, negative: b.negative, digits: subtract(right, left), exponent: exponent)
                }
            }
            result.finish()
            return result
        }

        static func - (a: Decimal128, b: Decimal128) -> Decimal128 { a + -b }

        /// A zero added to a number: the number, with as many more trailing zeros as bring it
        /// nearer the zero's exponent when that is smaller (`0.00 + 5` is `5.00`).
        private static func sum(zero: Decimal128, other: Decimal128) -> Decimal128 {
            var result = other
            if other.isZero {
                result.negative = zero.negative && other.negative
                result.exponent = min(zero.exponent, other.exponent)
            } else {
                let pad = max(0, min(other.exponent - zero.exponent, precision - other.digits.count))
                result.digits = shifted(other.digits, by: pad)
                result.exponent -= pad
            }
            result.finish()
            return result
        }

        /// One past the position of the most significant digit.
        private var top: Int { exponent + digits.count }

        /// This number, or a one-digit stand-in of the same sign just below `other`'s guard
        /// digits when this is wholly below them.
        private func stickyBelow(_ other: Decimal128) -> Decimal128 {
            let floor = other.top - (Self.precision + 3)
            guard top < floor else { return self }
            return Decimal128(kind: .finite, negative: negative, digits: [1], exponent: floor - 1)
        }

        static func * (a: Decimal128, b: Decimal128) -> Decimal128 {
            if a.kind == .nan || b.kind == .nan { return .nan }
            let negative = a.negative != b.negative
            if a.kind == .infinity || b.kind == .infinity {
                return a.isZero || b.isZero ? .nan : .infinity(negative: negative)
            }
            var result = Decimal128(kind: .finite, negative: negative, digits: multiply(a.digits, b.digits),
                                    exponent: a.exponent + b.exponent)
            result.finish()
            return result
        }

        /// The quotient, exact when it fits in 34 digits (then with the exponent nearest
        /// `a.exponent - b.exponent`), rounded otherwise. The caller refuses a zero divisor.
        static func / (a: Decimal128, b: Decimal128) -> Decimal128 {
            if a.kind == .nan || b.kind == .nan { return .nan }
            let negative = a.negative != b.negative
            switch (a.kind, b.kind) {
            case (.infinity, .infinity): return .nan
            case (.infinity, _): return .infinity(negative: negative)
            case (_, .infinity): return .init(kind: .finite, negative: negative, digits: [], exponent: 0)
            default: break
            }
            let ideal = a.exponent - b.exponent
            if a.isZero {
                var zero = Decimal128(kind: .finite, negative: negative, digits: [], exponent: ideal)
                zero.finish()
                return zero
            }
            // Enough digits for 34 significant ones and a rounding digit.
            let scale = max(0, precision + 1 + b.digits.count - a.digits.count)
            let (quotient, remainder) = divide(shifted(a.digits, by: scale), b.digits)
            var result = Decimal128(kind: .finite, negative: negative, digits: quotient, exponent: ideal - scale)
            let roundedAway = result.round(toDigits: precision, sticky: !remainder.isEmpty)
            if remainder.isEmpty && !roundedAway {
                while result.exponent < ideal, result.digits.first == 0 {
                    result.digits.removeFirst()
                    result.exponent += 1
                }
            }
            result.finish()
            return result
        }

        /// The remainder of `a ÷ b` truncated toward zero, with the dividend's sign, exactly. The
        /// caller refuses a zero divisor.
        static func % (a: Decimal128, b: Decimal128) -> Decimal128 {
            if a.kind != .finite || b.kind == .nan { return .nan }
            if b.kind == .infinity || b.top > a.top { return a }
            let remainder: [UInt8]
            if a.exponent >= b.exponent {
                // (A × 10^k) mod B, without writing out 10^k.
                let scale = powerOfTen(a.exponent - b.exponent, modulo: b.digits)
                remainder = divide(multiply(divide(a.digits, b.digits).remainder, scale), b.digits).remainder
            } else {
                // b's exponent is above a's by fewer places than a has digits.
                remainder = divide(a.digits, shifted(b.digits, by: b.exponent - a.exponent)).remainder
            }
            var result = Decimal128(kind: .finite, negative: a.negative, digits: remainder, exponent: min(a.exponent, b.exponent))
            result.finish()
            return result
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

        // MARK: Digit arithmetic (least significant digit first)

        static func trimmed(_ digits: [UInt8]) -> [UInt8] {
            var digits = digits
            while digits.last == 0 { digits.removeLast() }
            return digits
        }

        static func shifted(_ digits: [UInt8], by places: Int) -> [UInt8] {
            digits.isEmpty || places <= 0 ? digits : Array(repeating: 0, count: places) + digits
        }

        static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
            let (a, b) = (trimmed(a), trimmed(b))
            if a.count != b.count { return a.count < b.count ? -1 : 1 }
            for index in a.indices.reversed() where a[index] != b[index] {
                return a[index] < b[index] ? -1 : 1
            }
            return 0
        }

        static func add(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(max(a.count, b.count) + 1)
            var carry: UInt8 = 0
            for index in 0..<max(a.count, b.count) {
                let sum = (index < a.count ? a[index] : 0) + (index < b.count ? b[index] : 0) + carry
                out.append(sum % 10)
                carry = sum / 10
            }
            if carry > 0 { out.append(carry) }
            return trimmed(out)
        }

        /// `a - b` for `a >= b`.
        static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(a.count)
            var borrow: Int = 0
            for index in a.indices {
                var difference = Int(a[index]) - (index < b.count ? Int(b[index]) : 0) - borrow
                borrow = difference < 0 ? 1 : 0
                if difference < 0 { difference += 10 }
                out.append(UInt8(difference))
            }
            return trimmed(out)
        }

        static func multiply(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
            guard !a.isEmpty, !b.isEmpty else { return [] }
            var out = [Int](repeating: 0, count: a.count + b.count + 1)
            for (i, x) in a.enumerated() where x != 0 {
                for (j, y) in b.enumerated() { out[i + j] += Int(x) * Int(y) }
            }
            var carry = 0
            for index in out.indices {
                let value = out[index] + carry
                out[index] = value % 10
                carry = value / 10
            }
            return trimmed(out.map(UInt8.init))
        }

        /// 10^power mod `modulus`, by squaring.
        static func powerOfTen(_ power: Int, modulo modulus: [UInt8]) -> [UInt8] {
            var result = divide([1], modulus).remainder
            var base = divide([0, 1], modulus).remainder
            var power = power
            while power > 0 {
                if power & 1 == 1 { result = divide(multiply(result, base), modulus).remainder }
                base = divide(multiply(base, base), modulus).remainder
                power >>= 1
            }
            return result
        }

        /// Long division of magnitudes: the quotient and the remainder.
        static func divide(_ a: [UInt8], _ b: [UInt8]) -> (quotient: [UInt8], remainder: [UInt8]) {
            guard !b.isEmpty else { return ([], a) }  // callers refuse a zero divisor first
            var quotient: [UInt8] = []
            var remainder: [UInt8] = []
            for digit in a.reversed() {
                remainder = trimmed([digit] + remainder)
                var count: UInt8 = 0
                while compare(remainder, b) >= 0 {
                    remainder = subtract(remainder, b)
                    count += 1
                }
                quotient.append(count)
            }
            return (trimmed(quotient.reversed()), remainder)
        }
    }
}
