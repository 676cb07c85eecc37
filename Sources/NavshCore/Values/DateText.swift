/// ISO 8601 checks for date and datetime fields. Values are stored as the
/// text the user typed (SQLite's date functions read these forms), but only
/// after the calendar says the date exists.
enum DateText {
    /// A date or time PostgreSQL writes before the common era (`0044-03-15 BC`).
    static func isBeforeCommonEra(_ text: String) -> Bool { text.hasSuffix(" BC") }

    /// `text` without its ` BC`, when it has one: a date before the common
    /// era is typed as PostgreSQL writes it.
    static func withoutEra(_ text: String) -> String {
        isBeforeCommonEra(text) ? String(text.dropLast(3)) : text
    }

    /// `YYYY-MM-DD`, a real calendar day.
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = digits(parts[0]), let month = digits(parts[1]), let day = digits(parts[2]),
              (1...12).contains(month), day >= 1
        else { return false }
        return day <= daysIn(month: month, year: year)
    }

    /// `YYYY-MM-DD`, optionally followed by ` ` or `T` and `HH:MM[:SS[.fff]]`,
    /// optionally ending in `Z` or `±HH:MM`.
    static func isDateTime(_ text: String) -> Bool {
        guard text.count >= 10, isDate(String(text.prefix(10))) else { return false }
        var rest = Substring(text.dropFirst(10))
        if rest.isEmpty { return true }
        guard let separator = rest.first, separator == " " || separator == "T" else { return false }
        rest = rest.dropFirst()
        if rest.hasSuffix("Z") {
            rest = rest.dropLast()
        } else if rest.count > 6, let sign = rest.dropLast(5).last, sign == "+" || sign == "-" {
            let offset = rest.suffix(5)
            guard isClock(offset, allowSeconds: false, hourLimit: 14) else { return false }
            rest = rest.dropLast(6)
        }
        return isClock(rest, allowSeconds: true, hourLimit: 23)
    }

    /// A date and time whose zone offset is written short, `+09` or
    /// `+0930` (as PostgreSQL prints one), with the offset written in full
    /// (`+09:00`), the form SQLite's date functions read; nil when `text` is
    /// not such a value.
    static func withFullOffset(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        for length in [3, 5] where bytes.count > 10 + length {
            let sign = bytes[bytes.count - length]
            let digits = bytes[(bytes.count - length + 1)...]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                  digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { continue }
            let head = String(decoding: bytes[..<(bytes.count - length + 3)], as: UTF8.self)
            let minutes = length == 5 ? String(decoding: digits.suffix(2), as: UTF8.self) : "00"
            let full = head + ":" + minutes
            if isDateTime(full) { return full }
        }
        return nil
    }

    private static func isClock(_ text: Substring, allowSeconds: Bool, hourLimit: Int) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || (allowSeconds && parts.count == 3),
              parts[0].count == 2, parts[1].count == 2,
              let hour = digits(parts[0]), let minute = digits(parts[1]),
              hour <= hourLimit, minute <= 59
        else { return false }
        if parts.count == 3 {
            let seconds = parts[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard seconds[0].count == 2, let second = digits(seconds[0]), second <= 59 else { return false }
            if seconds.count == 2 { guard !seconds[1].isEmpty, digits(seconds[1]) != nil else { return false } }
        }
        return true
    }

    /// Year, month and day of a valid `YYYY-MM-DD`.
    static func parts(of date: String) -> (Int, Int, Int)? {
        guard isDate(date) else { return nil }
        let p = date.split(separator: "-")
        guard let year = digits(p[0]), let month = digits(p[1]), let day = digits(p[2]) else { return nil }
        return (year, month, day)
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil), for
    /// counting days across months and years.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The `YYYY-MM-DD` of a day number; nil outside years 0…9999.
    static func date(fromDayNumber number: Int) -> String? {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard (0...9999).contains(year) else { return nil }
        func pad(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    private static func digits(_ text: Substring) -> Int? {
        guard text.isASCIIDigits else { return nil }
        return Int(text)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
