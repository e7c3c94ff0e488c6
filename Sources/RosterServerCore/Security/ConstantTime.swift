/// Comparison of secrets whose time does not depend on where they differ.
package enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes; the time depends only on their lengths.
    package static func equals<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        var left = a.makeIterator()
        var right = b.makeIterator()
        for _ in 0..<max(a.count, b.count) {
            difference |= (left.next() ?? 0) ^ (right.next() ?? 0xFF)
        }
        return difference == 0 && a.count == b.count
    }

    package static func equals(_ a: String, _ b: String) -> Bool {
        equals(Array(a.utf8), Array(b.utf8))
    }
}
