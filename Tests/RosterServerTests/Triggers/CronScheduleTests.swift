import Foundation
import Testing
@testable import RosterServerCore

@Suite struct CronScheduleTests {
    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test(arguments: [
        ("* * * * *", "2026-12-02T10:00:30Z", "2026-12-02T10:01:00Z"),
        ("*/15 * * * *", "2026-12-02T10:00:00Z", "2026-12-02T10:15:00Z"),
        ("0 0 * * 1", "2026-12-02T10:00:00Z", "2026-12-07T00:00:00Z"),
        ("30 9 1,15 * *", "2026-12-02T10:00:00Z", "2026-12-15T09:30:00Z"),
        ("0 12 * 2 *", "2026-12-02T10:00:00Z", "2027-02-01T12:00:00Z"),
        ("5-10/5 22-23 * * 0,7", "2026-12-02T10:00:00Z", "2026-12-06T22:05:00Z"),
        ("0 0 31 12 *", "2026-12-31T00:00:00Z", "2027-12-31T00:00:00Z"),
    ])
    func theNextMinuteOfASchedule(_ schedule: String, _ after: String, _ next: String) throws {
        #expect(try CronSchedule(schedule).next(after: Self.date(after)) == Self.date(next))
    }

    @Test func aDayThatNeverComesHasNoNextMinute() throws {
        #expect(try CronSchedule("0 0 30 2 *").next(after: Self.date("2026-12-02T10:00:00Z")) == nil)
    }

    @Test(arguments: ["* * * *", "60 * * * *", "* 24 * * *", "* * 0 * *", "* * * 13 *", "* * * * 8", "*/0 * * * *", "5-1 * * * *", "a * * * *"])
    func aScheduleThatIsNotOneIsRefusedInWords(_ schedule: String) {
        #expect(throws: CronSchedule.Invalid.self) { try CronSchedule(schedule) }
    }
}
