import Foundation
import NavshTestSupport
import Testing

/// `today` is the date where the user is, as `date` prints it: it was the
/// UTC date, so east or west of UTC it was another day for part of it.
@Suite struct LocalDateTests {
    @Test(arguments: ["Etc/GMT+12", "Etc/GMT-14"])
    func todayIsTheLocalDate(zone: String) throws {
        let db = try TemporaryDatabase("CREATE TABLE t (id INTEGER PRIMARY KEY, d DATE);")
        let result = try NavshBinary().run([db.path, "-c", "open t", "-c", "new", "-c", "set d today", "-c", "save"],
                                           environment: ["TZ": zone])
        #expect(result.status == 0, "\(result.stderr)")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let now = calendar.dateComponents([.year, .month, .day], from: Date())
        let expected = String(format: "%04d-%02d-%02d", now.year ?? 0, now.month ?? 0, now.day ?? 0)
        #expect(try db.rows("SELECT d FROM t")[0]["d"] == expected)
    }
}
