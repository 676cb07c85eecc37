import NavshCore
import NavshSQL

/// One column as the catalog describes it, and how its values travel: every
/// value is read as text (`col::text`, so numeric stays exact and the bytes
/// are UTF-8 whatever the wire format) and turned into a core `Value` by the
/// column's kind; every value is written as a text parameter cast to the
/// column's base type (`CAST($1::text AS numeric)`), so the server parses it
/// exactly as it parses typed SQL, and the column's own length, precision
/// and domain apply as the value is stored.
struct PostgresColumn: Sendable {
    enum Kind: Sendable, Equatable {
        case integer, real, numeric, boolean, date, timestamp, timestamptz, text, json, bytea, enumeration
        /// Arrays, ranges, geometry…: shown as their text, never written.
        case other
    }

    var name: String
    /// The type as the server writes it, length and all (`character(2)`).
    var type: String
    /// The base type's name without its length (`character`), as errors name it.
    var baseType: String
    var kind: Kind

    init(name: String, type: String, baseType: String, typeKind: String) {
        self.name = name
        self.type = type
        self.baseType = baseType
        kind = Self.kind(of: baseType, typeKind: typeKind)
    }

    /// The type a parameter is cast to: the base type with no length. A
    /// cast to `character` means `char(1)`, and a cast to `varchar(5)` or
    /// to a domain cuts a long value without a word; stored, the value is
    /// checked against the column's full type and refused instead.
    var castType: String {
        switch baseType {
        case "character": return "bpchar"
        case "bit": return "bit varying"
        default: return baseType
        }
    }

    /// The core's kind for a PostgreSQL type name (`regtype` output), given
    /// `pg_type.typtype` (`e` for an enum) and whether it is an array.
    static func kind(of type: String, typeKind: String) -> Kind {
        if typeKind == "e" { return .enumeration }
        if type.hasSuffix("[]") { return .other }
        switch type {
        case "smallint", "integer", "bigint", "oid": return .integer
        case "real", "double precision": return .real
        case "money": return .other
        case "boolean": return .boolean
        case "date": return .date
        case "timestamp without time zone": return .timestamp
        case "timestamp with time zone": return .timestamptz
        case "json", "jsonb": return .json
        case "bytea": return .bytea
        case "text", "name", "uuid", "citext", "xml", "inet", "cidr", "macaddr",
             "time without time zone", "time with time zone", "interval":
            return .text
        default:
            if type.hasPrefix("numeric") { return .numeric }
            if type.hasPrefix("character") || type.hasPrefix("bit") { return .text }
            return .other
        }
    }

    /// The kind the core checks typed values against.
    var fieldKind: FieldKind {
        switch kind {
        case .integer: return .integer
        case .real: return .real
        case .numeric: return .numeric
        case .boolean: return .boolean
        case .date: return .date
        case .timestamp, .timestamptz: return .datetime
        case .text, .json, .enumeration, .other: return .text
        case .bytea: return .blob
        }
    }

    /// The numbers a type narrower than 64 bits holds: beyond them, the
    /// server refuses the value only at `save`.
    var typeRange: ClosedRange<Double>? {
        switch baseType {
        case "smallint": return Double(Int16.min)...Double(Int16.max)
        case "integer": return Double(Int32.min)...Double(Int32.max)
        case "real":
            // Floats at both ends: `ValueParser` checks a number as the
            // float it rounds to, as the server stores it.
            return -Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude)
        default: return nil
        }
    }

    /// Why the core may not write it, when it may not (kinds it cannot type).
    var readOnlyReason: String? {
        switch kind {
        case .bytea: return "bytea is shown by its size and not edited"
        case .other: return "\(type) values are shown as text and not edited"
        default: return nil
        }
    }

    /// The select-list expression reading the whole value as text. A
    /// timestamptz reads with its offset, in the session's zone, UTC (`…
    /// 10:00:00+00`): read in the local zone without one, an export moved to
    /// another zone came back shifted by hours, and the hour a clock repeats
    /// in the autumn read as one.
    /// An inet reads as its output function writes it, `10.0.0.1` without
    /// the `/32` a cast to text adds; a network keeps its mask.
    var readSQL: String { baseType == "inet" ? "abbrev(\(name.quotedIdentifier))" : "\(name.quotedIdentifier)::text" }

    /// The type as people write it: `varchar(12)`, `numeric(12,2)`, `timestamptz`.
    var shortType: String {
        for (long, short) in [("character varying", "varchar"), ("character", "char"), ("timestamp without time zone", "timestamp"),
                              ("timestamp with time zone", "timestamptz"), ("time without time zone", "time"),
                              ("time with time zone", "timetz")] where type.hasPrefix(long) {
            let rest = type.dropFirst(long.count)
            if rest.isEmpty || rest.first == "(" || rest.first == "[" { return short + rest }
        }
        return type
    }

    /// The most characters a `varchar(n)` or `char(n)` takes.
    var maximumLength: Int? {
        guard kind == .text, baseType == "character varying" || baseType == "character",
              type.hasPrefix(baseType + "("), type.hasSuffix(")") else { return nil }
        return Int(type.dropFirst(baseType.count + 1).dropLast())
    }

    /// What a list reads: text cut to `ListPreview.bytes + 1` characters (so
    /// `ListPreview.value` cuts it as it would the whole), a long bytea as
    /// its size only.
    var previewSQL: String {
        let column = name.quotedIdentifier
        switch kind {
        case .bytea:
            return "CASE WHEN octet_length(\(column)) > \(ListPreview.characters) THEN 'navsh:' || octet_length(\(column))::text ELSE \(column)::text END"
        case .text, .json, .other: return "left(\(readSQL), \(ListPreview.bytes + 1))"
        default: return readSQL
        }
    }

    /// The value a cell's text stands for. Numbers that do not fit a core
    /// value exactly (a numeric with a fraction, a huge integer) stay text,
    /// so nothing is rounded on the way.
    func value(_ text: String?, preview: Bool = false) -> Value {
        guard let text else { return .null }
        switch kind {
        case .integer:
            return Int64(text).map(Value.integer) ?? .text(text)
        case .real:
            return Double(text).map(Value.real) ?? .text(text)
        case .numeric:
            return Int64(text).map(Value.integer) ?? .text(text)
        case .boolean:
            return text == "t" || text == "true" ? .integer(1) : text == "f" || text == "false" ? .integer(0) : .text(text)
        case .bytea:
            if preview, text.hasPrefix("navsh:"), let size = Int64(text.dropFirst(6)) { return ListPreview.longBlob(bytes: size) }
            let bytes = Self.bytes(hex: text)
            return preview ? ListPreview.value(bytes.map(Value.blob) ?? .text(text)) : bytes.map(Value.blob) ?? .text(text)
        default:
            return preview ? ListPreview.value(.text(text)) : .text(text)
        }
    }

    /// A value as the text parameter this column's type parses; nil for NULL.
    func parameter(_ value: Value) throws -> String? {
        // Text bound for a bytea column is its bytes (text could not hold a NUL).
        if kind == .bytea {
            if case .text(let text) = value { return try Self.text(of: .blob(Array(text.utf8))) }
            if case .rawText(let bytes) = value { return try Self.text(of: .blob(bytes)) }
        }
        return try Self.text(of: value, boolean: kind == .boolean)
    }

    /// Any value as text a server type parses (`true` for a boolean 1).
    static func text(of value: Value, boolean: Bool = false) throws -> String? {
        switch value {
        case .null: return nil
        case .integer(let number): return boolean ? (number != 0 ? "true" : "false") : String(number)
        case .real(let number):
            if number.isNaN { return "NaN" }
            if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
            return "\(number)"
        case .text(let text): return text
        case .rawText: throw StoreError.unsupported("text that is not UTF-8 cannot be written to PostgreSQL")
        case .blob(let bytes): return "\\x" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        }
    }

    /// `\x0a1b…` (bytea's hex output) as bytes.
    static func bytes(hex text: String) -> [UInt8]? {
        guard text.hasPrefix("\\x") else { return nil }
        let digits = Array(text.utf8.dropFirst(2))
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let high = hexValue(digits[i]), let low = hexValue(digits[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
            i += 2
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 48...57: return digit - 48
        case 97...102: return digit - 87
        case 65...70: return digit - 55
        default: return nil
        }
    }

    /// `CAST($n AS type)`: a parameter as this column's base type.
    func cast(_ placeholder: String) -> String { "CAST(\(placeholder) AS \(castType))" }

    /// A test that holds when the column stores exactly `placeholder`'s value:
    /// compared as text for types without a plain equality (json) or whose
    /// equality ignores differences a person would see (case in citext).
    /// Text compares byte by byte (`COLLATE "C"`): under a nondeterministic
    /// collation `=` took `CAFE` for `Café`. Reals and numerics compare as
    /// the server writes both, since `=` takes -0 for 0 and 1.50 for 1.5.
    func sameSQL(_ placeholder: String?) -> String {
        let column = name.quotedIdentifier
        guard let placeholder else { return "\(column) IS NULL" }
        switch kind {
        case .integer, .boolean, .date, .timestamp, .timestamptz:
            return "\(column) IS NOT DISTINCT FROM \(cast(placeholder))"
        case .real, .numeric:
            return "\(column)::text IS NOT DISTINCT FROM \(cast(placeholder))::text"
        default:
            return "(\(readSQL)) COLLATE \"C\" IS NOT DISTINCT FROM \(placeholder)"
        }
    }
}

extension String {
    /// A text literal: `'text'`, inner quotes doubled.
    var pgLiteral: String { "'" + doubling("'") + "'" }

    /// Every `quote` written twice. By the standard library, not Foundation's
    /// `replacingOccurrences` (about 11k instructions a call, five to ten
    /// calls per name in every statement: a quarter of an edit's CPU).
    private func doubling(_ quote: Character) -> String {
        guard contains(quote) else { return self }
        return split(separator: quote, omittingEmptySubsequences: false).joined(separator: String(quote) + String(quote))
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
