/// The words people type for a date instead of digits: `today`,
/// `yesterday`, `tomorrow`, `now`, and an offset from today (`+3d`, `-1w`).
/// Read against the session's clock, so a test's clock decides what
/// `today` is: the local date, as `date` prints it; `now` is UTC, as
/// SQLite's `CURRENT_TIMESTAMP`.
enum RelativeDate {
    /// The date (`YYYY-MM-DD`) a word names, with the time of day when the
    /// word is `now`; nil when the text is not one of the words.
    static func resolve(_ text: String, now: CivilTime) -> (date: String, time: String?)? {
        switch text.lowercased() {
        case "today": return (now.localDate, nil)
        case "yesterday": return shifted(now, days: -1).map { ($0, nil) }
        case "tomorrow": return shifted(now, days: 1).map { ($0, nil) }
        case "now": return (now.date, String(now.dateTime.dropFirst(11)))
        default: break
        }
        guard let offset = offsetDays(text) else { return nil }
        return shifted(now, days: offset).map { ($0, nil) }
    }

    /// `+3d`, `-1w`, `+2 days`: a signed count of days or weeks (at most
    /// 100,000 days either way, so the arithmetic never overflows).
    private static func offsetDays(_ text: String) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let body = text.dropFirst().lowercased().filter { $0 != " " }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        let unit = body.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 6, let count = Int(digits) else { return nil }
        let perUnit: Int
        switch unit {
        case "d", "day", "days": perUnit = 1
        case "w", "week", "weeks": perUnit = 7
        default: return nil
        }
        let days = count * perUnit
        guard days <= 100_000 else { return nil }
        return sign == "-" ? -days : days
    }

    private static func shifted(_ now: CivilTime, days: Int) -> String? {
        guard let (year, month, day) = DateText.parts(of: now.localDate) else { return nil }
        return DateText.date(fromDayNumber: DateText.dayNumber(year: year, month: month, day: day) + days)
    }
}
