import Foundation

/// Wall-clock timings of repeated runs: median, 99th percentile and worst, in milliseconds.
struct Timing {
    let milliseconds: [Double]

    static func measure(runs: Int, _ body: (Int) throws -> Void) rethrows -> Timing {
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for run in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body(run)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        return Timing(milliseconds: samples.sorted())
    }

    var median: Double { milliseconds[milliseconds.count / 2] }
    var p99: Double { milliseconds[min(milliseconds.count - 1, milliseconds.count * 99 / 100)] }
    var worst: Double { milliseconds.last ?? 0 }

    var summary: String {
        String(format: "%8.3f ms median, %.3f ms p99, %.3f ms worst (%d runs)", median, p99, worst, milliseconds.count)
    }
}

/// The machine a figure was measured on, for the record.
enum MachineDescription {
    static var current: String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        let model = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        return String(format: "%@, %d cores, %.0f GiB", model, cores, memory)
    }
}
