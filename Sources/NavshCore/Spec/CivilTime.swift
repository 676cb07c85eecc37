#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The current date and time in UTC, in the forms SQLite's own functions
/// write (`CURRENT_TIMESTAMP`), for `now`, `today` and `this year` defaults.
public struct CivilTime: Sendable, Equatable {
    public var year: Int
    public var date: String
    public var dateTime: String

    public init(year: Int, date: String, dateTime: String) {
        self.year = year
        self.date = date
        self.dateTime = dateTime
    }

    public static func now() -> CivilTime {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = Int(parts.tm_year) + 1900
        let date = "\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
        return CivilTime(year: year, date: date,
                         dateTime: date + " \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))")
    }
}
