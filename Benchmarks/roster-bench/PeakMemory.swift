import Foundation

/// A process's memory, read from /proc.
enum PeakMemory {
    /// A memory figure of a process (`VmHWM` the peak, `VmRSS` now), in KiB.
    static func kiB(_ field: String, of process: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("\(field):") }) else { return nil }
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
    }
}
