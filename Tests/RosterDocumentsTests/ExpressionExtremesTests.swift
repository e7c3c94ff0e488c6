import Foundation
import RosterWire
import Testing
@testable import RosterDocuments

/// Arithmetic on numbers a client sends cannot trap: every expression operator the engine serves,
/// every update operator, and the stages, projections and query operators that take numbers are
/// walked with the extreme values of each numeric type in each argument position. Each must
/// give a value or refuse with the engine's error (`DocumentError`, which typed throws make the
/// only error there is); an overflow would stop the test process, which is how this test fails.
/// The attack: `{"$substrCP": ["$s", 1, 9223372036854775807]}` crashed the server.
@Suite struct ExpressionExtremesTests {
    static let decimalMax = "9.999999999999999999999999999999999E+6144"

    /// Every numeric type at its edges, and the values the operators also take (dates, text,
    /// arrays, null).
    static let extremes: [JSONValue] = {
        let integers: [Int64] = [0, 1, -1, Int64(Int32.min), Int64(Int32.max), Int64(Int32.min) - 1, Int64(Int32.max) + 1, Int64.min, Int64.max,
                                 Int64.min + 1, Int64.max - 1]
        let doubles: [Double] = [0.0, -0.0, 0.5, -1.5, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
                                 Double.leastNonzeroMagnitude, 9_223_372_036_854_775_808.0, -9_223_372_036_854_775_808.0,
                                 9.2e18, 1e300]
        let nonFinite: [Double] = [.infinity, -.infinity, .nan]
        let decimals = [decimalMax, "-" + decimalMax, "1E-6176", "-1E-6176", "0E+6111", "NaN", "Infinity", "-Infinity",
                        "9223372036854775808", "0.1"]
        var values: [JSONValue] = integers.map(JSONValue.int) + doubles.map(JSONValue.double)
        values += nonFinite.map(ExtendedJSON.nonFiniteDouble)
        values += decimals.map { ["$numberDecimal": .string($0)] }
        values += [Int64.min, Int64.max, 0, -1].map { ["$date": .int($0)] }
        values += ["", "é", "abc", .null, [], [.int(Int64.max), .int(Int64.max)], [.int(Int64.min), -1], [1.5, ["$numberDecimal": .string(decimalMax)]]]
        return values
    }()

    /// A value as an expression argument: a literal, so that arrays and documents are taken as
    /// they are written.
    private static func argument(_ value: JSONValue) -> JSONValue {
        ["$literal": value]
    }

    /// Evaluates and writes the result as an answer would carry it; nil when refused.
    @discardableResult
    private static func evaluate(_ expression: JSONValue, on document: JSONValue = ["s": "abc"]) -> JSONValue? {
        do {
            let parsed = try AggregationExpression.parse(expression)
            guard let value = try parsed.evaluate(document, PipelineBudget(limit: 1 << 26)) else { return nil }
            _ = ExtendedJSON.relaxed(value)
            return value
        } catch {
            #expect(!error.message.isEmpty)
            return nil
        }
    }

    /// The argument counts an operator is walked with: its own when fixed (at most three), one
    /// and two for those that take any number (they fold their arguments pairwise).
    private static func counts(_ op: AggregationExpression.Operator) -> [Int] {
        let arity = op.arity
        let most = arity.upperBound == Int.max ? 2 : min(3, arity.upperBound)
        return (max(1, arity.lowerBound)...max(most, max(1, arity.lowerBound))).map { $0 }
    }

    /// Every combination of extremes for every argument of every operator the engine serves.
    @Test(arguments: AggregationExpression.Operator.allCases)
    func everyOperatorTakesEveryExtreme(_ op: AggregationExpression.Operator) {
        let values = Self.extremes
        for count in Self.counts(op) {
            var indices = Array(repeating: 0, count: count)
            while true {
                let arguments = indices.map { Self.argument(values[$0]) }
                switch op {
                case .dateToString:
                    Self.evaluate([op.rawValue: ["date": arguments[0], "format": "%Y-%m-%dT%H:%M:%S.%LZ %j %u %w"]])
                    Self.evaluate([op.rawValue: ["date": arguments[0], "onNull": arguments[min(1, count - 1)]]])
                case _ where op.isDatePart:
                    Self.evaluate([op.rawValue: ["date": arguments[0]]])
                default:
                    Self.evaluate([op.rawValue: .array(arguments)])
                }
                // The next combination, like an odometer.
                var position = count - 1
                while position >= 0 {
                    indices[position] += 1
                    if indices[position] < values.count { break }
                    indices[position] = 0
                    position -= 1
                }
                if position < 0 { break }
            }
        }
    }

    /// The reported crash, and its kin, answer as MongoDB does: the rest of the text for
    /// `$substrBytes`, a refusal of a length beyond 32 bits for `$substrCP`.
    @Test func aSubstringOfHugeLengthIsTheRestOfTheText() throws {
        #expect(Self.evaluate(["$substrBytes": ["$s", 1, .int(Int64.max)]]) == "bc")
        #expect(Self.evaluate(["$substr": ["$s", .int(Int64.max), .int(Int64.max)]]) == "")
        #expect(Self.evaluate(["$substrBytes": ["$s", 1, -1]]) == "bc")
        #expect(Self.evaluate(["$substrCP": ["$s", 1, .int(Int64(Int32.max))]]) == "bc")
        #expect(Self.evaluate(["$substrCP": ["$s", .int(Int64(Int32.max)), .int(Int64(Int32.max))]]) == "")
        let refused = Result { () throws(DocumentError) in
            try AggregationExpression.parse(["$substrCP": ["$s", 1, .int(Int64.max)]]).evaluate(["s": "abc"], PipelineBudget(limit: 1 << 20))
        }
        #expect(throws: DocumentError.invalid("$substrCP: length must be representable as a 32-bit integral value")) { try refused.get() }
    }

    /// Long arithmetic that overflows becomes a double, as in MongoDB.
    @Test func integerArithmeticPastSixtyFourBitsIsADouble() {
        #expect(Self.evaluate(["$add": [.int(Int64.max), 1]]) == .double(Double(Int64.max) + 1))
        #expect(Self.evaluate(["$multiply": [.int(Int64.min), -1]]) == .double(-Double(Int64.min)))
        #expect(Self.evaluate(["$subtract": [.int(Int64.min), 1]]) == .double(Double(Int64.min) - 1))
        #expect(Self.evaluate(["$sum": [.int(Int64.max), .int(Int64.max)]]) == .double(2 * Double(Int64.max)))
        #expect(Self.evaluate(["$mod": [.int(Int64.min), -1]]) == 0)
    }

    /// `$group`'s accumulators over every pair of extremes.
    @Test func everyAccumulatorTakesEveryExtreme() throws {
        for name in ["$sum", "$avg", "$min", "$max", "$push", "$addToSet", "$first", "$last"] {
            let group = try PipelineGroup.parse(["_id": .null, "x": [name: "$v"]])
            for a in Self.extremes {
                let documents = Self.extremes.map { b -> JSONValue in ["v": b] } + [["v": a]]
                do {
                    for output in try group.run(documents, limit: 1000, PipelineBudget(limit: 1 << 26)) { _ = ExtendedJSON.relaxed(output) }
                } catch {
                    #expect(!error.message.isEmpty)
                }
            }
        }
    }

    /// Every update operator, with every extreme as the current value and as its operand, and
    /// `$push`'s `$position` and `$slice` at the extremes.
    @Test(arguments: UpdateParser.operators.sorted())
    func everyUpdateOperatorTakesEveryExtreme(_ name: String) {
        for current in Self.extremes {
            for operand in Self.extremes {
                let argument: JSONValue
                switch name {
                case "$rename": argument = ["f": "g"]
                case "$push": argument = ["f": ["$each": [1, 2], "$position": operand, "$slice": operand]]
                case "$addToSet", "$pullAll": argument = ["f": ["$each": [operand]]]
                case "$currentDate": argument = ["f": true]
                default: argument = ["f": operand]
                }
                do {
                    let update = try DocumentUpdate.parse([name: argument])
                    let updated = try update.apply(to: ["_id": 1, "f": current], now: Date())
                    _ = ExtendedJSON.relaxed(.object(updated))
                } catch {
                    #expect(!error.message.isEmpty)
                }
            }
        }
    }

    /// The stages that take numbers, `$slice` in a projection, the query operators that compare
    /// or count, and sorts, each with every extreme.
    @Test func stagesProjectionsAndQueriesTakeEveryExtreme() {
        let documents: [JSONValue] = Self.extremes.enumerated().map { ["_id": .int(Int64($0.offset)), "f": $0.element, "a": [1, 2, 3]] }
        for value in Self.extremes {
            let stages: [JSONValue] = [
                ["$skip": value], ["$limit": value], ["$sample": ["size": value]], ["$sort": ["f": value]],
                ["$unwind": ["path": "$a", "includeArrayIndex": "i"]], ["$project": ["x": ["$slice": ["$a", value]]]],
                ["$match": ["f": ["$gte": value]]], ["$group": ["_id": "$f", "n": ["$sum": value]]],
            ]
            for stage in stages {
                do {
                    let output = try Pipeline.parse([stage]).run(documents)
                    for document in output { _ = ExtendedJSON.relaxed(document) }
                } catch {
                    #expect(!error.message.isEmpty)
                }
            }
            for projection: JSONValue in [["a": ["$slice": value]], ["a": ["$slice": [value, value]]], ["a": ["$slice": [1, value]]]] {
                do {
                    if let parsed = try DocumentProjection.parse(projection) {
                        for document in documents { _ = try parsed.apply(to: document) }
                    }
                } catch {
                    #expect(!error.message.isEmpty)
                }
            }
            for op in ["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$size", "$type", "$in", "$nin", "$all", "$exists", "$mod"] {
                let operand: JSONValue = ["$in", "$nin", "$all"].contains(op) ? [value] : value
                do {
                    let query = try DocumentQuery.parse(["f": [op: operand]])
                    for document in documents { _ = try query.matches(document) }
                } catch {
                    #expect(!error.message.isEmpty)
                }
            }
            do {
                if let sort = try DocumentSort.parse(["f": value]) { _ = sort.sorted(documents) }
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }
}
