/// What a field takes, in words (`describe`, `help set`): everything the
/// schema and the app spec say about it, so a new user need not guess from
/// an error what a value must look like.
enum FieldDescription {
    /// The field as the screen names it, with its column when the label differs: `To (to_year)`.
    static func name(_ field: Field) -> String {
        let column = TextLayout.printable(field.name)
        return field.shownName == column ? column : field.shownName + " (" + column + ")"
    }

    /// Each fact as (what, how): type, NULL, default, range, choices,
    /// reference, read-only reason, format, CHECK constraints.
    static func facts(_ field: Field, in collection: CollectionSchema, thisYear: Int) -> [(String, String)] {
        var facts: [(String, String)] = [("type", field.typeName + (field.primaryKeyPosition != nil ? ", the row's key" : ""))]
        let assigned = field.primaryKeyPosition != nil && field.isReadOnly && !field.isGenerated
        facts.append(("empty", field.isRequired ? "required (no NULL, no empty text)"
                      : field.isNotNull || assigned ? "NOT NULL" : "may be NULL"))
        if let spec = field.draftDefault {
            facts.append(("default", draftDefault(spec) + " (app spec)"))
        } else {
            switch field.defaultValue {
            case .none: break
            case .value(let value):
                facts.append(("default", field.format == .yesNo ? ValueText.formatted(value, .yesNo) : ValueText.raw(value)))
            case .expression(let sql): facts.append(("default", TextLayout.printable(sql) + " (set when saved)"))
            }
        }
        if field.minimum != nil || field.maximum != nil {
            facts.append(("range", range(field.minimum, field.maximum, thisYear: thisYear)))
        }
        switch (field.minimumLength, field.maximumLength) {
        case let (low?, high?) where low == high: facts.append(("length", "\(low) characters"))
        case let (low?, high?): facts.append(("length", "\(low) to \(high) characters"))
        case let (low?, nil): facts.append(("length", "\(low) or more characters"))
        case let (nil, high?): facts.append(("length", "at most \(high) characters"))
        case (nil, nil): break
        }
        if !field.choices.isEmpty { facts.append(("choices", field.choices.map(TextLayout.printable).joined(separator: ", "))) }
        if let reference = field.references {
            facts.append(("refers to", TextLayout.printable(reference.collection)
                          + (reference.field.map { " (" + TextLayout.printable($0) + ")" } ?? "")))
        }
        if let reason = readOnlyReason(field, in: collection) { facts.append(("read-only", reason)) }
        switch field.format {
        case .money: facts.append(("shown as", "money ($1,210.50)"))
        case .mediumDate: facts.append(("shown as", "a date (Nov 21, 2026)"))
        case .decimals(let places): facts.append(("shown as", "\(places) decimal places"))
        case .minimumDecimals(let places): facts.append(("shown as", "at least \(places) decimal places"))
        case .yesNo: facts.append(("shown as", "yes or no"))
        case .plain, .date: break
        }
        for check in field.checks { facts.append(("check", TextLayout.printable(check))) }
        return facts
    }

    /// One line for the field: `To (to_year): INTEGER, may be NULL, range 1789 to 2026`.
    static func line(_ field: Field, in collection: CollectionSchema, thisYear: Int) -> String {
        let facts = facts(field, in: collection, thisYear: thisYear)
        return name(field) + ": " + facts.enumerated().map { i, fact in
            i < 2 ? fact.1 : fact.0 == "read-only" ? "read-only (" + fact.1 + ")" : fact.0 + " " + fact.1
        }.joined(separator: ", ")
    }

    private static func readOnlyReason(_ field: Field, in collection: CollectionSchema) -> String? {
        if let reason = collection.unwritableReason { return TextLayout.printable(reason) }
        guard field.isReadOnly else { return nil }
        if field.isGenerated { return "computed by the store (a generated column)" }
        if let why = field.readOnlyWhy { return TextLayout.printable(why) }
        if field.primaryKeyPosition != nil { return "the row's key, assigned when saved" }
        return "the app spec marks it read-only"
    }

    private static func draftDefault(_ spec: FieldSpec.Default) -> String {
        switch spec {
        case .literal(let text): return TextLayout.printable(text)
        case .now: return "now"
        case .today: return "today"
        case .thisYear: return "this year"
        case .counter(let template): return TextLayout.printable(template)
        }
    }

    private static func range(_ low: FieldSpec.Bound?, _ high: FieldSpec.Bound?, thisYear: Int) -> String {
        func show(_ bound: FieldSpec.Bound) -> String {
            switch bound {
            case .number(let n): return Int64(exactly: n).map { String($0) } ?? String(n)
            case .thisYear: return "this year (\(thisYear))"
            }
        }
        switch (low, high) {
        case let (low?, high?): return show(low) + " to " + show(high)
        case let (low?, nil): return "at least " + show(low)
        case let (nil, high?): return "at most " + show(high)
        default: return ""
        }
    }
}
