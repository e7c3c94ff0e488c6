import Foundation

/// An instant of an app's log to the microsecond, as the logs routes read and write it: ISO 8601
/// (`2026-12-02T20:16:51.123Z`, any offset, up to nine fraction digits, or a date alone). Held as
/// whole microseconds so that an instant written out and read back is the same one, whatever
/// the store keeps (milliseconds in SQLite, microseconds in PostgreSQL).
///
///     let end = try AppLogInstant(iso: "2026-12-02T20:16:51.123Z")
///     end.text   // "2026-12-02T20:16:51.123Z"
struct AppLogInstant: Sendable, Equatable, Comparable {
    var microseconds: Int64

    init(_ date: Date) {
        microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    /// Nil when `iso` is no ISO 8601 instant or date.
    init?(iso: String) {
        guard iso.utf8.count <= 64 else { return nil }
        var text = iso
        var fraction: Int64 = 0
        if let dot = text.firstIndex(of: "."), text[..<dot].contains("T") {
            let digits = text[text.index(after: dot)...].prefix(while: \.isASCII).prefix(while: \.isNumber)
            guard !digits.isEmpty, digits.count <= 9 else { return nil }
            fraction = Int64(String(digits.prefix(6)).padding(toLength: 6, withPad: "0", startingAt: 0)) ?? 0
            text.removeSubrange(dot..<text.index(dot, offsetBy: digits.count + 1))
        }
        let full = ISO8601DateFormatter()
        let dateOnly = ISO8601DateFormatter()
        dateOnly.formatOptions = [.withFullDate]
        guard let whole = full.date(from: text) ?? (fraction == 0 ? dateOnly.date(from: text) : nil) else { return nil }
        let (seconds, overflow) = Int64(whole.timeIntervalSince1970.rounded()).multipliedReportingOverflow(by: 1_000_000)
        guard !overflow else { return nil }
        microseconds = seconds + fraction
    }

    /// ISO 8601 in UTC, with milliseconds, or microseconds when it has any.
    var text: String {
        let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
        let fraction = microseconds - seconds * 1_000_000
        let whole = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        let digits = fraction % 1000 == 0 ? String(format: "%03lld", fraction / 1000) : String(format: "%06lld", fraction)
        return "\(whole.dropLast()).\(digits)Z"
    }

    /// The instant to compare stored times with: half a microsecond past it, so that a store
    /// which cuts the fraction it keeps (PostgreSQL's driver truncates to the microsecond) still
    /// finds an entry written at this very instant equal to it.
    var bound: Date {
        Date(timeIntervalSince1970: (Double(microseconds) + 0.5) / 1_000_000)
    }

    static func < (a: Self, b: Self) -> Bool { a.microseconds < b.microseconds }
}
