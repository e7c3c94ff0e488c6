/// Why a benchmark could not run or measure: one line, printed as `roster-bench: …`.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
