/// ISO 8601 checks for date and datetime fields. Values are stored as the
/// text the user typed (SQLite's date functions read these forms), but only
/// after the calendar says the date exists.
enum DateText {
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

    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
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
