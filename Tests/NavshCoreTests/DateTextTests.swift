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
}
