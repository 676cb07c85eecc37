import Foundation
@testable import NavshCore
import Testing

@Suite struct DateTextTests {
    @Test func dates() {
        #expect(DateText.isDate("2026-11-21"))
        #expect(DateText.isDate("2000-02-29"))
        #expect(!DateText.isDate("1900-02-29"))
        #expect(!DateText.isDate("2026-13-01"))
        #expect(!DateText.isDate("2026-1-01"))
        #expect(!DateText.isDate("２０２６-11-21"))
    }

    @Test func dateTimes() {
        #expect(DateText.isDateTime("2026-11-21"))
        #expect(DateText.isDateTime("2026-11-21 10:00"))
        #expect(DateText.isDateTime("2026-11-21T10:00:59.250Z"))
        #expect(DateText.isDateTime("2026-11-21 10:00:00+05:30"))
        #expect(!DateText.isDateTime("2026-11-21 24:00"))
        #expect(!DateText.isDateTime("2026-11-21 10:60"))
        #expect(!DateText.isDateTime("2026-11-21x10:00"))
    }

    /// The trial's find: `+09`, as PostgreSQL prints a timestamptz, was
    /// refused; it is taken, written in full as SQLite's functions read it.
    @Test func shortZoneOffsetsAreWrittenInFull() {
        #expect(DateText.withFullOffset("2026-11-21 10:00:00+09") == "2026-11-21 10:00:00+09:00")
        #expect(DateText.withFullOffset("2026-11-21 10:00-0530") == "2026-11-21 10:00-05:30")
        #expect(DateText.withFullOffset("2026-11-21T10:00:00.5+0930") == "2026-11-21T10:00:00.5+09:30")
        #expect(DateText.withFullOffset("2026-11-21 10:00:00+15") == nil, "no zone is 15 hours off")
        #expect(DateText.withFullOffset("2026-11-21 10:00:00+9") == nil)
        #expect(DateText.withFullOffset("2026-11-21-01") == nil)
        #expect(DateText.withFullOffset("2026-11-21 10:00:00+05:30") == nil, "already in full")
    }

    /// `now` is the UTC time as SQLite's CURRENT_TIMESTAMP writes it
    /// (checked against Foundation's formatter within the same second).
    @Test func nowIsTheUTCTimeAsSQLiteWritesIt() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for _ in 0..<5 {
            let before = formatter.string(from: Date())
            let now = CivilTime.now()
            guard formatter.string(from: Date()) == before else { continue }
            #expect(now.dateTime == before)
            #expect(now.date == String(before.prefix(10)))
            #expect(now.year == Int(before.prefix(4)))
            return
        }
        Issue.record("the second changed five times in a row")
    }
}
