/// Prints a record frame as a detail screen: right-aligned field names, the
/// buffered values, `*` on changed fields, and notes for read-only fields,
/// the value a change replaces, and fields the store fills in at insert.
/// An app spec's record sections group fields under titles.
enum RecordRenderer {
    /// `references` holds the title of the row each reference field names.
    /// `spreads` holds a batch's `3 values: …` by field, where its rows differ.
    static func render(_ frame: RecordFrame, columns: Int, references: [String: String] = [:],
                       spreads: [String: String] = [:]) -> String {
        let collection = frame.collection
        // Cut to the terminal's width, as the prompt is: a 410-character title wrapped mid-word.
        let note = frame.isDraft ? "  (new, not saved yet)" : ""
        let heading = frame.batch?.heading ?? TextLayout.printable(frame.crumb)
        var out = TextLayout.truncate(collection.displayTitle + " › " + heading,
                                      to: max(20, columns - DisplayWidth.of(note))) + note + "\n"
        let groups = groups(collection)
        var labelWidth = 0
        for (_, fields) in groups {
            for field in fields { labelWidth = max(labelWidth, DisplayWidth.of(label(field))) }
        }
        // A label longer than a third of the line is cut: one 154-character
        // name padded every line past the width.
        labelWidth = min(labelWidth, max(12, columns / 3))
        for (title, fields) in groups {
            if let title { out += TextLayout.printable(title) + "\n" }
            // The untitled last section is set apart, not read as part of the one above.
            if title == nil && groups.count > 1 { out += "\n" }
            // A section that is one field under its own label ("Date Parked")
            // names it once, in the title, as iOS grouped tables do.
            let named = title != nil && fields.count == 1 && label(fields[0]) == title
            for field in fields {
                out += line(field, frame, labelWidth: labelWidth, columns: columns, reference: references[field.name],
                            spread: spreads[field.name], showsLabel: !named)
            }
        }
        return out
    }

    /// Each section in the spec's order, then the fields in no section (the
    /// key, usually) in a last untitled one. A field listed in two sections
    /// shows in the first only: every field appears once.
    static func groups(_ collection: CollectionSchema) -> [(String?, [Field])] {
        // A manual order (`move:`) is kept by `move N M`; its numbers mean nothing to read.
        let hidden = collection.manualOrder.flatMap { collection.field(named: $0)?.name }
        // Without a spec's sections: the fields as they are, not copied one by one.
        if collection.recordSections.isEmpty && hidden == nil {
            return collection.fields.isEmpty ? [] : [(nil, collection.fields)]
        }
        var placed: Set<String> = []
        let sections: [(String?, [Field])] = collection.recordSections.map { section in
            let fields = section.fields.compactMap { collection.field(named: $0) }
                .filter { placed.insert($0.name).inserted && $0.name != hidden }
            return (Optional(section.title), fields)
        }
        let rest = collection.fields.filter { !placed.contains($0.name) && $0.name != hidden }
        return sections + (rest.isEmpty ? [] : [(nil, rest)])
    }

    /// A spec's label where it gives one (`set` takes it as well as the name).
    /// Escaped here, before widths are measured, so labels line up.
    static func label(_ field: Field) -> String { field.shownName }

    private static func line(
        _ field: Field, _ frame: RecordFrame, labelWidth: Int, columns: Int, reference: String?, spread: String?,
        showsLabel: Bool
    ) -> String {
        let changed = frame.buffer.isChanged(field.name)
        let stored = frame.buffer.value(of: field.name)
        var value = ValueText.bounded(stored, field.format)
        if let reference { value += " (" + reference + ")" }
        // A batch's field whose rows differ: how many values, and the first few.
        if let spread, !changed { value = spread }
        if let replacement = frame.buffer.replacing[field.name] {
            value = replacement.described
        }
        var notes: [String] = []
        if let length = ValueText.lengthNote(stored) { notes.append(length) }
        if field.isReadOnly { notes.append("read-only") }
        if frame.isDraft && !changed && frame.buffer.row.value(of: field.name) == nil {
            if case .expression = field.defaultValue {
                value = "(set when saved)"
            } else if field.primaryKeyPosition != nil && field.isReadOnly {
                value = "(assigned when saved)"
            } else if field.isNotNull {
                notes.append("required")
            }
        }
        if stored.isNull && value == ValueText.null {
            if field.isRequired && !notes.contains("required") { notes.append("required") }
            if let placeholder = field.placeholder { notes.append("e.g. " + placeholder) }
        }
        if changed, !frame.isDraft {
            notes.append("was " + (spread ?? ValueText.bounded(frame.buffer.row.value(of: field.name) ?? .null, field.format)))
        }
        /// The mark, the label right-aligned in `width`, and the gap.
        func labelled(in width: Int) -> String {
            (changed ? "* " : "  ") + TextLayout.right(showsLabel ? label(field) : "", width) + "  "
        }
        var prefix = labelled(in: labelWidth)
        func note(_ notes: [String]) -> String { notes.isEmpty ? "" : "  (" + notes.joined(separator: ", ") + ")" }
        var room = max(8, columns - DisplayWidth.of(prefix) - DisplayWidth.of(note(notes)))
        // A number is never cut (`-1.2345678901234568e-3…` read as e-3): its label gives way
        // instead, then the line runs on.
        // (Not a reference's: its value is the number and its row's title,
        // which is cut as text.)
        let isNumber: Bool
        switch stored {
        case .integer, .real: isNumber = reference == nil
        default: isNumber = false
        }
        if isNumber {
            let over = DisplayWidth.of(value) - room
            if over > 0 {
                prefix = labelled(in: max(1, labelWidth - over))
                room = DisplayWidth.of(value)
            }
        }
        let lengthAt: Int?
        if case .text(let text) = stored, DisplayWidth.of(value) > room, ValueText.lengthNote(stored) == nil {
            // Cut to the terminal: say how long it is (show FIELD prints it whole).
            notes.insert(ValueText.grouped(String(text.unicodeScalars.count)) + " characters", at: 0)
            lengthAt = 0
        } else {
            lengthAt = ValueText.lengthNote(stored) != nil ? 0 : nil
        }
        // The notes give way before the label or the value: the old value a
        // `was` names is cut, then the length says `chars`, then goes (the
        // line ran past the width, and a label given way broke the
        // column of labels; the trials' finds).
        func overflow() -> Int {
            DisplayWidth.of(prefix) + min(8, DisplayWidth.of(value)) + DisplayWidth.of(note(notes)) - columns
        }
        if overflow() > 0, !isNumber {
            if let was = notes.indices.last, notes[was].hasPrefix("was ") {
                let others = Array(notes[..<was])
                // `  (was …)` alone, or `, was …` after the others' `  (…)`.
                let overhead = others.isEmpty ? 4 : DisplayWidth.of(note(others)) + 2
                let left = columns - DisplayWidth.of(prefix) - min(8, DisplayWidth.of(value)) - overhead
                notes[was] = TextLayout.truncate(notes[was], to: max(6, left))
            }
            if overflow() > 0, let at = lengthAt, notes[at].hasSuffix(" characters") {
                notes[at] = String(notes[at].dropLast(" characters".count)) + " chars"
                if overflow() > 0 { notes.remove(at: at) }
            }
        }
        if !isNumber { room = max(8, columns - DisplayWidth.of(prefix) - DisplayWidth.of(note(notes))) }
        return (prefix + TextLayout.truncate(value, to: room) + note(notes)).trimmingTrailingSpaces + "\n"
    }
}
