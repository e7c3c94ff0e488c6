import Foundation

/// A five-field CRON schedule (`minute hour day-of-month month day-of-week`, in UTC) as App
/// Services' scheduled triggers take it: each field `*`, a number, a range `a-b`, a step `*/n`
/// or `a-b/n`, or a list of those; day-of-week 0 to 7 (0 and 7 are Sunday). When both day
/// fields are restricted, a day matching either runs, as in cron.
///
///     let schedule = try CronSchedule("*/5 * * * *")
///     schedule.next(after: now) // the next minute divisible by 5
package struct CronSchedule: Sendable, Equatable {
    package let text: String
    private let minutes: Set<Int>
    private let hours: Set<Int>
    private let days: Set<Int>
    private let months: Set<Int>
    private let weekdays: Set<Int>
    private let anyDay: Bool
    private let anyWeekday: Bool

    /// Why a schedule is refused, in words.
    package struct Invalid: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    package init(_ text: String) throws(Invalid) {
        let fields = text.split(separator: " ", omittingEmptySubsequences: true)
        guard text.utf8.count <= 256, fields.count == 5 else {
            throw Invalid(description: "'\(text.prefix(64))' is not a schedule of five fields (minute hour day month weekday)")
        }
        self.text = text
        minutes = try Self.field(fields[0], "minute", 0...59)
        hours = try Self.field(fields[1], "hour", 0...23)
        days = try Self.field(fields[2], "day of the month", 1...31)
        months = try Self.field(fields[3], "month", 1...12)
        weekdays = Set(try Self.field(fields[4], "day of the week", 0...7).map { $0 % 7 })
        anyDay = fields[2].hasPrefix("*")
        anyWeekday = fields[4].hasPrefix("*")
    }

    private static func field(_ text: Substring, _ name: String, _ range: ClosedRange<Int>) throws(Invalid) -> Set<Int> {
        func fail() -> Invalid { Invalid(description: "the \(name) field '\(text.prefix(32))' is not a number from \(range.lowerBound) to \(range.upperBound), a range, a step or a list") }
        var values = Set<Int>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "/", omittingEmptySubsequences: false)
            guard pieces.count <= 2 else { throw fail() }
            var step = 1
            if pieces.count == 2 {
                guard let parsed = Int(pieces[1]), parsed >= 1, parsed <= range.upperBound + 1 else { throw fail() }
                step = parsed
            }
            var low = range.lowerBound
            var high = range.upperBound
            if pieces[0] != "*" {
                let bounds = pieces[0].split(separator: "-", omittingEmptySubsequences: false)
                guard bounds.count <= 2, let first = Int(bounds[0]), range.contains(first) else { throw fail() }
                low = first
                high = pieces.count == 2 && bounds.count == 1 ? range.upperBound : first
                if bounds.count == 2 {
                    guard let last = Int(bounds[1]), range.contains(last), last >= first else { throw fail() }
                    high = last
                }
            }
            values.formUnion(stride(from: low, through: high, by: step))
        }
        return values
    }

    /// The first minute of the schedule after `date` (never `date` itself); nil when none comes
    /// within five years (a 31st of February).
    package func next(after date: Date) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = date.timeIntervalSince1970
        // The next whole minute after `date`.
        var minute = Date(timeIntervalSince1970: (start / 60).rounded(.down) * 60 + 60)
        for _ in 0..<(5 * 366) {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: minute)
            let dayOfMonth = parts.day!, weekday = parts.weekday! - 1
            let dayMatches: Bool =
                if anyDay && anyWeekday { true }
                else if anyDay { weekdays.contains(weekday) }
                else if anyWeekday { days.contains(dayOfMonth) }
                else { days.contains(dayOfMonth) || weekdays.contains(weekday) }
            if months.contains(parts.month!), dayMatches {
                for hour in hours.sorted() where hour >= parts.hour! {
                    for candidate in minutes.sorted() where hour > parts.hour! || candidate >= parts.minute! {
                        return calendar.date(bySettingHour: hour, minute: candidate, second: 0, of: minute)
                    }
                }
            }
            // The start of the next day.
            let dayStart = calendar.startOfDay(for: minute)
            minute = calendar.date(byAdding: .day, value: 1, to: dayStart)!
        }
        return nil
    }
}
