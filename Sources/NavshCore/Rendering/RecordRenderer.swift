/// Prints a record frame as a detail screen: right-aligned field names, the
/// buffered values, `*` on changed fields, and notes for read-only fields,
/// the value a change replaces, and fields the store fills in at insert.
enum RecordRenderer {
    /// `references` holds the title of the row each reference field names.
    static func render(_ frame: RecordFrame, columns: Int, references: [String: String] = [:]) -> String {
        let collection = frame.collection
        var out = collection.name + " › " + TextLayout.printable(frame.crumb)
        out += frame.isDraft ? "  (new, not saved yet)\n" : "\n"
        let labelWidth = collection.fields.map { DisplayWidth.of($0.name) }.max() ?? 0
        for field in collection.fields {
            let changed = frame.buffer.isChanged(field.name)
            let stored = frame.buffer.value(of: field.name)
            var value = field.format == .plain || stored.isNull ? ValueText.raw(stored) : ValueText.formatted(stored, field.format)
            if let title = references[field.name] { value += " (" + title + ")" }
            var notes: [String] = []
            if field.isReadOnly { notes.append("read-only") }
            if frame.isDraft && !changed && frame.buffer.base[field.name] == nil {
                if case .expression = field.defaultValue {
                    value = "(set when saved)"
                } else if field.primaryKeyPosition != nil && field.isReadOnly {
                    value = "(assigned when saved)"
                } else if field.isNotNull {
                    notes.append("required")
                }
            }
            if value == ValueText.null, !changed || frame.buffer.value(of: field.name).isNull {
                if field.isRequired && !notes.contains("required") { notes.append("required") }
                if let placeholder = field.placeholder { notes.append("e.g. " + placeholder) }
            }
            if changed, !frame.isDraft { notes.append("was " + ValueText.raw(frame.buffer.base[field.name] ?? .null)) }
            let note = notes.isEmpty ? "" : "  (" + notes.joined(separator: ", ") + ")"
            let prefix = (changed ? "* " : "  ") + TextLayout.right(TextLayout.printable(field.name), labelWidth) + "  "
            let room = max(8, columns - DisplayWidth.of(prefix) - DisplayWidth.of(note))
            out += (prefix + TextLayout.truncate(value, to: room) + note).trimmingTrailingSpaces + "\n"
        }
        return out
    }
}
