import Foundation
import RosterWire

extension AggregationExpression {
    /// A number as aggregation arithmetic sees it, typed as MongoDB types results: int with int
    /// stays an int (a double when it overflows), anything with a double is a double, anything
    /// with a decimal is a decimal.
    ///
    ///     Number.add(.int(2), .int(3)) // .int(5)
    ///     Number.add(.int(2), .double(0.5)) // .double(2.5)
    ///     Number(["$numberDecimal": "7.5"]) // .decimal(7.5)
    enum Number: Sendable {
        case int(Int64)
        case double(Double)
        case decimal(Decimal128)

        /// The number a value holds: an int, a double, a non-finite double wrapper or a decimal.
        init?(_ value: JSONValue) {
            switch value {
            case .int(let number): self = .int(number)
            case .double(let number): self = .double(number)
            case .object:
                guard let (type, content) = value.typedWrapper, let text = content.stringValue else { return nil }
                switch type {
                case .double: self = .double(DocumentOrder.nonFinite(text) ?? .nan)
                case .decimal: self = .decimal(Decimal128(text: text) ?? .nan)
                default: return nil
                }
            default: return nil
            }
        }

        /// The number in the canonical form.
        var json: JSONValue {
            switch self {
            case .int(let number): .int(number)
            case .double(let number): number.isFinite ? .double(number) : ExtendedJSON.nonFiniteDouble(number)
            case .decimal(let number): .object(["$numberDecimal": .string(number.text)])
            }
        }

        var decimal: Decimal128 {
            switch self {
            case .int(let number): Decimal128(number)
            case .double(let number): Decimal128(number)
            case .decimal(let number): number
            }
        }

        var double: Double {
            switch self {
            case .int(let number): Double(number)
            case .double(let number): number
            case .decimal(let number): number.doubleValue
            }
        }

        var isZero: Bool {
            switch self {
            case .int(let number): number == 0
            case .double(let number): number == 0
            case .decimal(let number): number.isZero
            }
        }

        static func add(_ a: Number, _ b: Number) -> Number {
            switch (a, b) {
            case (.int(let x), .int(let y)):
                let (sum, overflow) = x.addingReportingOverflow(y)
                return overflow ? .double(Double(x) + Double(y)) : .int(sum)
            case (.decimal, _), (_, .decimal): return .decimal(a.decimal + b.decimal)
            default: return .double(a.double + b.double)
            }
        }

        static func subtract(_ a: Number, _ b: Number) -> Number {
            switch (a, b) {
            case (.int(let x), .int(let y)):
                let (difference, overflow) = x.subtractingReportingOverflow(y)
                return overflow ? .double(Double(x) - Double(y)) : .int(difference)
            case (.decimal, _), (_, .decimal): return .decimal(a.decimal - b.decimal)
            default: return .double(a.double - b.double)
            }
        }

        static func multiply(_ a: Number, _ b: Number) -> Number {
            switch (a, b) {
            case (.int(let x), .int(let y)):
                let (product, overflow) = x.multipliedReportingOverflow(by: y)
                return overflow ? .double(Double(x) * Double(y)) : .int(product)
            case (.decimal, _), (_, .decimal): return .decimal(a.decimal * b.decimal)
            default: return .double(a.double * b.double)
            }
        }

        /// A double, or a decimal when either is one. The caller refuses a zero divisor.
        static func divide(_ a: Number, _ b: Number) -> Number {
            switch (a, b) {
            case (.decimal, _), (_, .decimal): .decimal(a.decimal / b.decimal)
            default: .double(a.double / b.double)
            }
        }

        /// The remainder with the dividend's sign. The caller refuses a zero divisor.
        static func remainder(_ a: Number, _ b: Number) -> Number {
            switch (a, b) {
            case (.int(let x), .int(let y)):
                let (remainder, overflow) = x.remainderReportingOverflow(dividingBy: y)
                return .int(overflow ? 0 : remainder)
            case (.decimal, _), (_, .decimal): return .decimal(a.decimal % b.decimal)
            default: return .double(fmod(a.double, b.double))
            }
        }
    }
}
