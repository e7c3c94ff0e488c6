/// Decimal128's arithmetic, as the arithmetic expression operators compute it: exact while
/// the result fits in 34 digits, rounded half to even past that (`finish`), on coefficients
/// kept as decimal digits.
extension AggregationExpression.Decimal128 {
    static prefix func - (value: Self) -> Self {
        var negated = value
        if value.kind != .nan { negated.negative.toggle() }
        return negated
    }

    static func + (a: Self, b: Self) -> Self {
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
        var result: Self
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

    static func - (a: Self, b: Self) -> Self { a + -b }

    /// A zero added to a number: the number, with as many more trailing zeros as bring it
    /// nearer the zero's exponent when that is smaller (`0.00 + 5` is `5.00`).
    private static func sum(zero: Self, other: Self) -> Self {
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
    private func stickyBelow(_ other: Self) -> Self {
        let floor = other.top - (Self.precision + 3)
        guard top < floor else { return self }
        return Self(kind: .finite, negative: negative, digits: [1], exponent: floor - 1)
    }

    static func * (a: Self, b: Self) -> Self {
        if a.kind == .nan || b.kind == .nan { return .nan }
        let negative = a.negative != b.negative
        if a.kind == .infinity || b.kind == .infinity {
            return a.isZero || b.isZero ? .nan : .infinity(negative: negative)
        }
        var result = Self(kind: .finite, negative: negative, digits: multiply(a.digits, b.digits), exponent: a.exponent + b.exponent)
        result.finish()
        return result
    }

    /// The quotient, exact when it fits in 34 digits (then with the exponent nearest
    /// `a.exponent - b.exponent`), rounded otherwise. The caller refuses a zero divisor.
    static func / (a: Self, b: Self) -> Self {
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
            var zero = Self(kind: .finite, negative: negative, digits: [], exponent: ideal)
            zero.finish()
            return zero
        }
        // Enough digits for 34 significant ones and a rounding digit.
        let scale = max(0, precision + 1 + b.digits.count - a.digits.count)
        let (quotient, remainder) = divide(shifted(a.digits, by: scale), b.digits)
        var result = Self(kind: .finite, negative: negative, digits: quotient, exponent: ideal - scale)
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
    static func % (a: Self, b: Self) -> Self {
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
        var result = Self(kind: .finite, negative: a.negative, digits: remainder, exponent: min(a.exponent, b.exponent))
        result.finish()
        return result
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
