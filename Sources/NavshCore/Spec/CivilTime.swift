#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The current date and time in UTC, in the forms SQLite's own functions
/// write (`CURRENT_TIMESTAMP`), for `now`; and today's date where the user
/// is, as `date` prints it, for `today`.
public struct CivilTime: Sendable, Equatable {
    public var year: Int
    public var date: String
    public var dateTime: String
    /// The moment, for the local date; nil for a pinned clock.
    private var seconds: Int?
    private var pinnedLocalDate: String?

    public init(year: Int, date: String, dateTime: String, localDate: String? = nil) {
        self.year = year
        self.date = date
        self.dateTime = dateTime
        pinnedLocalDate = localDate
    }

    /// Today's date in the local time zone: east of UTC, the UTC date was
    /// still yesterday for part of the day. Worked out only when asked:
    /// `open #KEY` reads the clock on every edit, and needs the year alone.
    public var localDate: String {
        if let pinnedLocalDate { return pinnedLocalDate }
        guard let seconds else { return date }
        var moment = time_t(seconds)
        var local = tm()
        localtime_r(&moment, &local)
        return Self.written(local, withTime: false)
    }

    public static func now() -> CivilTime {
        // clock_gettime, not time(): glibc's time() reads the coarse clock,
        // which trails the real one by up to a tick, so just after a second
        // began it said the second before (a flaky test's find).
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let dateTime = written(parts, withTime: true)
        var time = CivilTime(year: Int(parts.tm_year) + 1900, date: String(dateTime.prefix(10)), dateTime: dateTime)
        time.seconds = Int(seconds)
        return time
    }

    /// `YYYY-MM-DD HH:MM:SS` (or the date alone) written digit by digit:
    /// asked by every `set` and `open #KEY`, where string interpolation
    /// cost 6,000 instructions.
    private static func written(_ parts: tm, withTime: Bool) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(19)
        func digits(_ n: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var rest = max(0, n)
            // A year past 9999 keeps every digit.
            while rest / divisor >= 10 { divisor *= 10 }
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(Int(parts.tm_year) + 1900, 4); text.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mon) + 1, 2); text.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mday), 2)
        if withTime {
            text.append(UInt8(ascii: " "))
            digits(Int(parts.tm_hour), 2); text.append(UInt8(ascii: ":"))
            digits(Int(parts.tm_min), 2); text.append(UInt8(ascii: ":"))
            digits(Int(parts.tm_sec), 2)
        }
        return String(decoding: text, as: UTF8.self)
    }
}
