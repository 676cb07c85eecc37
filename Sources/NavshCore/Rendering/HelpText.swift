/// `help` lists what this frame accepts; `help COMMAND` gives usage and an
/// example. Both come from `CommandRegistry`, the same table the parser reads.
enum HelpText {
    static func render(_ name: String?, in frame: any Frame, width: Int = 80,
                       thisYear: Int = CivilTime.now().year) -> String {
        guard let name else { return overview(frame, width: width) }
        let here = CommandRegistry.accepted(in: frame.kind).filter { $0.form.name == name }.map { entry in
            entry.form.summarized(entry.type.summary(of: entry.form, in: frame) ?? entry.form.summary)
        }
        let elsewhere = CommandRegistry.forms.map(\.form).filter { $0.name == name }
        // `HelpCommand` refuses a name no command has.
        guard let form = here.first ?? elsewhere.first else { return overview(frame, width: width) }
        var out = form.usage + "\n  " + form.summary + "\n  example: " + form.example + "\n"
        if here.isEmpty {
            let homes = FrameKind.allCases.filter { form.frames.contains($0) }.map(\.article)
            out += "  (works in \(homes.joined(separator: " and ")), not here)\n"
        }
        if form.name == "set", here.first != nil, let record = frame as? RecordFrame {
            out += fieldsToSet(record.collection, thisYear: thisYear)
        }
        if here.first != nil, let list = frame as? ListFrame {
            out += listDetails(form.name, list.collection, width: width)
        }
        return out
    }

    /// `help where`, `help sort`, `help columns` in a list: the operators
    /// `where` takes and the fields each can name, which the one-line
    /// usage cannot hold (a user asked `help where` for the operators and
    /// got only "FIELD OP VALUE").
    private static func listDetails(_ command: String, _ collection: CollectionSchema, width: Int) -> String {
        var lines: [String] = []
        if command == "where" {
            lines.append("operators: = != < <= > >=, ~ (contains, ignoring case), "
                         + "is null, is not null; != keeps the rows where FIELD is null; "
                         + "VALUE is read as set reads it (a reference by its title or #KEY)")
        }
        guard ["where", "sort", "columns"].contains(command) else { return "" }
        let names = collection.fields.filter { command != "sort" || $0.kind != .blob }.map { TextLayout.printable($0.name) }
        lines.append("fields: " + names.joined(separator: ", "))
        return lines.flatMap { TextLayout.wrap($0, width: max(20, width - 2)) }.map { "  " + $0 + "\n" }.joined()
    }

    /// `help set` in a record: the fields it can set, with what each takes.
    private static func fieldsToSet(_ collection: CollectionSchema, thisYear: Int) -> String {
        let fields = collection.readOnlyReason == nil ? collection.editableFields : []
        guard !fields.isEmpty else { return "  no field here can be set\n" }
        return "  fields:\n" + fields.map { "    " + FieldDescription.line($0, in: collection, thisYear: thisYear) + "\n" }.joined()
    }

    /// The commands that can work in this frame (`move` only where there is a manual order).
    /// Summaries wrap at word boundaries to `width`, under their own
    /// column; on a terminal too narrow for that column, under the usage.
    static func overview(_ frame: any Frame, width: Int = 80) -> String {
        let forms = CommandRegistry.offered(in: frame)
        let usageWidth = forms.map { $0.usage.count }.max() ?? 0
        let indent = 2 + usageWidth + 2
        let beside = width - indent >= 24
        let place = (frame as? RecordFrame)?.batch.map { "a batch of " + $0.count } ?? frame.kind.article
        var out = "Commands in \(place):\n"
        for form in forms {
            let usage = "  " + form.usage
            if beside {
                let lines = TextLayout.wrap(form.summary, width: width - indent)
                out += usage + String(repeating: " ", count: indent - usage.count) + (lines.first ?? "") + "\n"
                out += lines.dropFirst().map { String(repeating: " ", count: indent) + $0 + "\n" }.joined()
            } else {
                out += usage + "\n" + TextLayout.wrap(form.summary, width: max(8, width - 6)).map { "      " + $0 + "\n" }.joined()
            }
        }
        let notes = ["help COMMAND shows usage and an example. Rows are numbered from 1 as shown.",
                     "At the prompt, Tab completes and a unique prefix runs a command (op 3);",
                     "scripts need full names, so they keep their meaning when commands are added."]
        return out + notes.flatMap { TextLayout.wrap($0, width: max(20, width)) }.map { $0 + "\n" }.joined()
    }
}
