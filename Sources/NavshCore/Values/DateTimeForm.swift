/// How a datetime column writes its values, so that every value `set`
/// stores there reads the same way: a column holding `2023-03-19 00:00:00`
/// gets `2023-01-01 10:00:00` for a typed `2023-01-01T10:00`, never both
/// forms side by side. Taken from a value the column already holds (the
/// store's `sampleText`), else `YYYY-MM-DD HH:MM:SS`, as SQLite's own
/// `CURRENT_TIMESTAMP` writes it.
public struct DateTimeForm: Sendable, Equatable {
    /// ` ` or `T` between the date and the time.
    public var separator: Character
    /// Whether the time carries seconds (`10:00:00`, not `10:00`).
    public var hasSeconds: Bool
    /// The column holds bare dates: a date typed alone stays one (a time
    /// typed with it is kept, in the standard form).
    public var datesOnly = false
    /// What the column's times end with when typed without one: `Z`, or an
    /// offset (`+00:00`). navsh's times (`now`, typed ones) are UTC, as
    /// SQLite's `CURRENT_TIMESTAMP`, so this keeps their meaning.
    public var zone = ""
    /// Digits after the seconds (`10:00:00.123`: 3).
    public var fractionDigits = 0
    /// The column holds Unix times (seconds since 1970, UTC) as integers.
    public var unixSeconds = false

    public static let standard = DateTimeForm(separator: " ", hasSeconds: true)

    public init(separator: Character, hasSeconds: Bool) {
        self.separator = separator
        self.hasSeconds = hasSeconds
    }

    /// How `field`'s column writes datetimes now, so a value typed for it
    /// (to store, or to compare with in `where`) reads like the rest; the
    /// standard form when it holds none, cannot say, or is no datetime.
    static func of(_ field: Field, in collection: CollectionSchema, _ store: any StoreReader) -> DateTimeForm {
        guard field.kind == .datetime else { return .standard }
        return ((try? store.sampleText(of: field.name, in: collection)) ?? nil).flatMap(DateTimeForm.init(of:)) ?? .standard
    }

    /// The form of a stored value; nil when it is no ISO 8601 date or date and time.
    public init?(of stored: String) {
        if stored.count >= 9, stored.count <= 11, stored.allSatisfy({ $0.isASCII && $0.isNumber }) {
            self = .standard
            unixSeconds = true
            return
        }
        if DateText.isDate(stored) {
            self = .standard
            datesOnly = true
            return
        }
        guard stored.count > 10, DateText.isDateTime(stored) else { return nil }
        let chars = Array(stored)
        separator = chars[10]
        let clock = chars[11...].prefix { $0 != "Z" && $0 != "+" && $0 != "-" }
        hasSeconds = clock.filter { $0 == ":" }.count >= 2
        fractionDigits = clock.firstIndex(of: ".").map { clock.distance(from: $0, to: clock.endIndex) - 1 } ?? 0
        let after = chars[(11 + clock.count)...]
        // UTC in the column's own way of writing an offset: `+00:00`, or
        // PostgreSQL's short `+00` (a timestamptz read as text).
        if after.first == "Z" {
            zone = "Z"
        } else if after.first == "+" || after.first == "-" {
            switch after.count {
            case 6: zone = "+00:00"
            case 5: zone = "+0000"
            case 3: zone = "+00"
            default: break
            }
        }
    }

    /// A datetime written in this form as the value to store: text, or a
    /// Unix time where the column holds them.
    func value(_ text: String) -> Value {
        let written = write(text)
        if unixSeconds, let seconds = Self.unixSeconds(of: written) { return .integer(seconds) }
        return .text(written)
    }

    /// `YYYY-MM-DD HH:MM[:SS]` (UTC) as seconds since 1970; nil for a zone.
    static func unixSeconds(of text: String) -> Int64? {
        let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int64($0) }
        guard digits.count >= 5, !text.hasSuffix("Z"), text.dropFirst(19).allSatisfy({ $0 != "+" && $0 != "-" }) else {
            return nil
        }
        let days = Int64(DateText.dayNumber(year: Int(digits[0]), month: Int(digits[1]), day: Int(digits[2])))
        return days * 86_400 + digits[3] * 3_600 + digits[4] * 60 + (digits.count > 5 ? digits[5] : 0)
    }

    /// `date` and `clock` with offset `zone` (`Z`, `+05:00`) as the same
    /// instant in UTC, which is how navsh writes a time (as `now`); nil
    /// when a part does not read as numbers or the year leaves 1–9999.
    static func inUTC(date: String, clock: Substring, zone: String) -> (date: String, clock: String)? {
        var offset = 0
        if zone != "Z" {
            let parts = zone.dropFirst().split(separator: ":")
            guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]) else { return nil }
            offset = (zone.first == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
        }
        let time = clock.isEmpty ? "00:00" : clock
        let fraction = time.firstIndex(of: ".").map { String(time[$0...]) } ?? ""
        let hms = time.prefix { $0 != "." }.split(separator: ":").compactMap { Int($0) }
        guard let (year, month, day) = DateText.parts(of: date), hms.count >= 2 else { return nil }
        let total = DateText.dayNumber(year: year, month: month, day: day) * 86_400 + hms[0] * 3_600 + hms[1] * 60
            + (hms.count > 2 ? hms[2] : 0) - offset
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let seconds = total - days * 86_400
        guard let shifted = DateText.date(fromDayNumber: days), !shifted.hasPrefix("0000") else { return nil }
        func padded(_ n: Int) -> String { n < 10 ? "0" + String(n) : String(n) }
        return (shifted, padded(seconds / 3_600) + ":" + padded(seconds % 3_600 / 60) + ":" + padded(seconds % 60) + fraction)
    }

    /// A valid datetime (`DateText.isDateTime`) written in this form: a bare
    /// date gets midnight, seconds are added or dropped (only when zero),
    /// fractions are kept as typed, and a typed offset becomes the same
    /// instant in UTC, written with the column's own zone (none, `Z`).
    func write(_ text: String) -> String {
        var date = String(text.prefix(10))
        if datesOnly && text.count == 10 { return date }
        var rest = Substring(text.dropFirst(11))
        var zone = ""
        if rest.hasSuffix("Z") {
            zone = "Z"
            rest = rest.dropLast()
        } else if rest.count > 6, let sign = rest.dropLast(5).last, sign == "+" || sign == "-" {
            zone = String(rest.suffix(6))
            rest = rest.dropLast(6)
        }
        // A time typed with its offset is the same instant in UTC, written
        // the column's way (it was kept with its offset: a column of plain
        // times then mixed two forms, and sorted 07:00 UTC after 10:00). A date alone in a column
        // of dates has no time to move.
        if !zone.isEmpty, let utc = Self.inUTC(date: date, clock: rest, zone: zone) {
            date = utc.date
            rest = Substring(utc.clock)
            zone = ""
        }
        var clock = rest.isEmpty ? "00:00" : String(rest)
        let parts = clock.split(separator: ":")
        if parts.count == 2 && (hasSeconds || fractionDigits > 0) { clock += ":00" }
        if parts.count == 3 && !hasSeconds && fractionDigits == 0 && parts[2] == "00" { clock = parts[0] + ":" + parts[1] }
        if fractionDigits > 0 && !clock.contains(".") { clock += "." + String(repeating: "0", count: fractionDigits) }
        // A time typed without a zone is UTC (as `now` is): the column's own way of saying so.
        if zone.isEmpty && !unixSeconds { zone = self.zone }
        return date + String(separator) + clock + zone
    }
}
