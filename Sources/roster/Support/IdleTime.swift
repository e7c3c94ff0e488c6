import Foundation

/// Durations as `roster policy --lock-after` takes them: `90s`, `5m`, `1h`, or `off`.
enum IdleTime {
    /// Seconds, `nil` for `off`; an error in words for anything else.
    static func parse(_ text: String) throws -> TimeInterval? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value == "off" || value == "never" { return nil }
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600]
        guard let unit = value.last, let scale = units[unit], let number = Int(value.dropLast()), number > 0,
            number <= 24 * 3600
        else {
            throw CommandFailure("'\(text)' is not a duration: give seconds, minutes or hours like 90s, 5m, 1h, or off")
        }
        return TimeInterval(number) * scale
    }

    /// `5m`, `90s`, `1h`, `off`.
    static func text(_ seconds: TimeInterval?) -> String {
        guard let seconds else { return "off" }
        let whole = Int(seconds)
        if whole % 3600 == 0 { return "\(whole / 3600)h" }
        if whole % 60 == 0 { return "\(whole / 60)m" }
        return "\(whole)s"
    }
}
