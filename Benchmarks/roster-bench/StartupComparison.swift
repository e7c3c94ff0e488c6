import Foundation

/// Start-up to first paint of two builds of `roster`, in turns over the same device: each side
/// runs on its own copy of the filled data directory, with a fresh embedded server store that
/// its own build makes (a store made by one build need not open in another), once untimed; then
/// the two start in turn, which goes first alternating, and each round's ratio is kept. A
/// figure counts as the median of those ratios, measured seconds apart.
enum StartupComparison {
    struct Result {
        let measured: Timing
        let against: Timing
        /// The measured build's start-up over the other's, one a round.
        let ratios: [Double]
        let measuredPeakMiB: Double
        let againstPeakMiB: Double

        var medianRatio: Double { HTTPComparison.median(ratios) }
    }

    /// At most this many times the other build's start-up: the method's resolution here.
    static let target = 1.07

    static func run(roster: URL, against other: URL, filled home: URL, rounds: Int, in directory: URL) throws -> Result {
        let measuredHome = try copy(home, to: directory.appendingPathComponent("measured"))
        let againstHome = try copy(home, to: directory.appendingPathComponent("against"))
        _ = try StartupProbe.runOnce(executable: roster.path, home: measuredHome)
        _ = try StartupProbe.runOnce(executable: other.path, home: againstHome)
        var measured: [Double] = []
        var against: [Double] = []
        var ratios: [Double] = []
        var peaks = (measured: 0, against: 0)
        for round in 0..<rounds {
            let measuredFirst = round % 2 == 0
            var pair: (measured: (Double, Int), against: (Double, Int))
            if measuredFirst {
                let first = try StartupProbe.runOnce(executable: roster.path, home: measuredHome)
                pair = (first, try StartupProbe.runOnce(executable: other.path, home: againstHome))
            } else {
                let first = try StartupProbe.runOnce(executable: other.path, home: againstHome)
                pair = (try StartupProbe.runOnce(executable: roster.path, home: measuredHome), first)
            }
            measured.append(pair.measured.0)
            against.append(pair.against.0)
            ratios.append(pair.measured.0 / max(pair.against.0, 0.001))
            peaks = (max(peaks.measured, pair.measured.1), max(peaks.against, pair.against.1))
        }
        return Result(
            measured: Timing(milliseconds: measured.sorted()), against: Timing(milliseconds: against.sorted()), ratios: ratios,
            measuredPeakMiB: Double(peaks.measured) / 1024, againstPeakMiB: Double(peaks.against) / 1024)
    }

    /// A copy of the filled data directory without the embedded server's store.
    private static func copy(_ home: URL, to copy: URL) throws -> URL {
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: home, to: copy)
        try? FileManager.default.removeItem(at: copy.appendingPathComponent("embedded"))
        return copy
    }
}
