/// A moment as a UTC date and time of day in the proleptic Gregorian calendar, from
/// milliseconds since 1970-01-01T00:00:00Z and back (Howard Hinnant's civil-from-days and
/// days-from-civil). Extended JSON's ISO-8601 dates and the aggregation date operators both
/// count through it, so they agree on every date.
///
///     CivilDate(milliseconds: 1_700_000_000_123) // 2023-11-14, 22:13:20.123
///     CivilDate(year: 1970, month: 1, day: 2).milliseconds // 86_400_000
struct CivilDate: Sendable, Equatable {
    var year: Int64, month: Int64, day: Int64
    var hour: Int64, minute: Int64, second: Int64, millisecond: Int64

    init(year: Int64, month: Int64, day: Int64, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, millisecond: Int64 = 0) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second, self.millisecond) = (hour, minute, second, millisecond)
    }

    /// The date and time of a moment; before 1970 too (a negative count).
    init(milliseconds: Int64) {
        // Floored, so a moment before 1970 falls on its own day; the remainder is taken, not
        // multiplied back, which would overflow near Int64.min.
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: Self.millisecondsPerDay)
        let (days, rest) = remainder < 0 ? (quotient - 1, remainder + Self.millisecondsPerDay) : (quotient, remainder)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: dayOfYear - (153 * mp + 2) / 5 + 1,
                  hour: rest / 3_600_000, minute: rest / 60_000 % 60, second: rest / 1000 % 60, millisecond: rest % 1000)
    }

    static let millisecondsPerDay: Int64 = 86_400_000

    /// Days since 1970-01-01 of the date (negative before it).
    var daysSince1970: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Milliseconds since 1970 of the date and time.
    var milliseconds: Int64 {
        ((daysSince1970 * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
    }

    private static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
