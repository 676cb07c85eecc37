extension AppSpec {
    /// The collection as this spec presents it, after checking that
    /// everything the spec names is there and that its defaults pass its own
    /// rules: a typo (`{mkae}`, `order: yaer`) or a default `set` would refuse
    /// (`default: 99` with `max: 10`) is a spec error, never a silent blank
    /// or a value no command could have stored.
    public func present(_ schema: CollectionSchema, thisYear: Int) throws(SpecProblem) -> CollectionSchema {
        guard let spec = collection(named: schema.name) else { return schema }
        let key = "collections." + spec.name
        let presented = schema.applying(spec)
        let names = presented.fields.map { TextLayout.printable($0.name) }.joined(separator: ", ")
        func missing(_ name: String, _ at: String) -> SpecProblem {
            problem(at: at, "no field '\(TextLayout.printable(name))' in \(TextLayout.printable(schema.name)) (its fields: \(names))")
        }
        // A template reads values by exact field name: `{Make}` would read nothing.
        let templates = (spec.rowTitle.map { [($0, key + ".row")] } ?? []) + spec.rowDetails.map { ($0, key + ".detail") }
        for (template, at) in templates {
            for name in template.fields where !presented.fields.contains(where: { $0.name == name }) {
                throw missing(name, at)
            }
        }
        for (i, section) in spec.recordSections.enumerated() {
            for name in section.fields where presented.field(named: name) == nil {
                throw missing(name, key + ".sections[\(i)].fields")
            }
        }
        for name in spec.columns ?? [] where presented.field(named: name) == nil {
            throw missing(name, key + ".columns")
        }
        let named = [(spec.order?.field, ".order"), (spec.group, ".group"), (spec.manualOrder, ".move")]
        for case let (name?, suffix) in named where presented.field(named: name) == nil {
            throw missing(name, key + suffix)
        }
        // `move N M` rewrites its field with 1, 2, 3…: only a whole-number
        // position may be given to it, never a column holding data.
        if let name = spec.manualOrder, let field = presented.field(named: name), field.kind != .integer {
            throw problem(at: key + ".move", "'\(TextLayout.printable(field.name))' is not an integer column; "
                + "move rewrites its field with positions 1, 2, 3…, so name a position column (type: integer)")
        }
        for fieldSpec in spec.fields {
            let at = key + ".fields." + fieldSpec.name
            guard let field = presented.field(named: fieldSpec.name) else { throw missing(fieldSpec.name, at) }
            try checkDefault(fieldSpec.defaultValue, of: field, at: at + ".default", thisYear: thisYear)
            func number(_ bound: FieldSpec.Bound?) -> Double? { bound?.number(thisYear: { thisYear }) }
            if let low = number(field.minimum), let high = number(field.maximum), low > high {
                throw problem(at: at + ".min", "min is above max, so no value could ever be set")
            }
            // Commands take a field by name or label: a label that is another
            // field's name or label, whatever the case, named two fields,
            // and `set Number X` wrote the column `number`, not the one
            // labelled so.
            if let label = field.label,
               let other = presented.fields.first(where: { other in
                   other.name != field.name
                       && (other.name.lowercased() == label.lowercased() || other.label?.lowercased() == label.lowercased())
               }) {
                let what = other.name.lowercased() == label.lowercased() ? "the name of the field" : "the label of the field"
                throw problem(at: at + ".label", "'\(TextLayout.printable(label))' is \(what) "
                    + "'\(TextLayout.printable(other.name))' too, so commands could not tell them apart; choose another label")
            }
        }
        return presented
    }

    /// A draft starts from the default, so it must be a value `set` takes.
    private func checkDefault(
        _ value: FieldSpec.Default?, of field: Field, at key: String, thisYear: Int
    ) throws(SpecProblem) {
        let sample: String
        switch value {
        case nil: return
        // `now` and `today` fill in the clock's text: a field must take that shape.
        case .now?: sample = "\(thisYear)-01-01 00:00:00"
        case .today?: sample = "\(thisYear)-01-01"
        case .literal(let text)?: sample = text
        case .counter(let template)?: sample = template.replacing("{n}", with: "1")
        case .thisYear?: sample = String(thisYear)
        }
        do {
            _ = try ValueParser.parse(sample, for: field, thisYear: thisYear)
        } catch {
            throw problem(at: key, "the default is not a value this field takes: \(error.message)")
        }
    }
}
