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
    }

    /// A valid datetime (`DateText.isDateTime`) written in this form: a bare
    /// date gets midnight, seconds are added or dropped (only when zero),
    /// fractions and a zone are kept as typed, since dropping them would
    /// change the time.
    func write(_ text: String) -> String {
        let date = String(text.prefix(10))
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
        var clock = rest.isEmpty ? "00:00" : String(rest)
        let parts = clock.split(separator: ":")
        if parts.count == 2 && hasSeconds { clock += ":00" }
        if parts.count == 3 && !hasSeconds && parts[2] == "00" { clock = parts[0] + ":" + parts[1] }
        return date + String(separator) + clock + zone
    }
}
