import Foundation

/// The most memory this process has held resident (VmHWM), read from /proc.
enum PeakMemory {
    static func ownKiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
    }
}
