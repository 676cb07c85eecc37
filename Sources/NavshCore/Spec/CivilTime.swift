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
        // clock_gettime, not time(): glibc's time() reads the coarse clock,
        // which trails the real one by up to a tick, so just after a second
        // began it said the second before (a flaky test's find).
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let year = Int(parts.tm_year) + 1900
        // `YYYY-MM-DD HH:MM:SS` written digit by digit: asked by every `set`
        // and `open #KEY`, where string interpolation cost 6,000 instructions.
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
        digits(year, 4); text.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mon) + 1, 2); text.append(UInt8(ascii: "-"))
        digits(Int(parts.tm_mday), 2)
        let dateLength = text.count
        text.append(UInt8(ascii: " "))
        digits(Int(parts.tm_hour), 2); text.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_min), 2); text.append(UInt8(ascii: ":"))
        digits(Int(parts.tm_sec), 2)
        return CivilTime(year: year, date: String(decoding: text[..<dateLength], as: UTF8.self),
                         dateTime: String(decoding: text, as: UTF8.self))
    }
}
