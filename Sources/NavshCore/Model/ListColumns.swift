/// A column of a list after the title: a field, or an app spec's detail template.
struct ListColumn: Equatable {
    enum Content: Equatable {
        case field(Field, ValueFormat)
        case template(RowTemplate)
    }

    var content: Content
    /// One of the default columns: shown only while it fits the width and
    /// its values are short (a list is for scanning, `show FIELD` for reading).
    var isOptional: Bool

    /// Whether it shows the field `name` (nil: none), alone or as the one
    /// field of a template (`{value:$}`).
    func shows(_ name: String?) -> Bool {
        guard let name else { return false }
        switch content {
        case .field(let field, _): return field.name == name
        case .template(let template): return template.fields == [name]
        }
    }

    /// The header: the spec's label, else the column name; a template's
    /// fields' labels. Escaped, as it comes from the file.
    func label(in collection: CollectionSchema) -> String {
        switch content {
        case .field(let field, _): return TextLayout.printable(field.label ?? field.name)
        case .template(let template): return ListColumn.label(of: template, in: collection)
        }
    }

    static func label(of template: RowTemplate, in collection: CollectionSchema) -> String {
        label(of: template.fields, in: collection)
    }

    /// The fields' labels (else names), joined.
    static func label(of fields: [String], in collection: CollectionSchema, separator: String = " ") -> String {
        fields.map { name in
            collection.field(named: name).map { TextLayout.printable($0.label ?? $0.name) } ?? TextLayout.printable(name)
        }.joined(separator: separator)
    }
}

extension CollectionSchema {
    /// Default columns read for a page at most: more than the widest
    /// terminal shows, and a bound on what a page of a 2,000-column table costs.
    static let defaultColumnLimit = 32

    /// The columns a list shows after the title: the fields chosen (spec
    /// `columns:`, the `columns` command); else the spec's detail templates
    /// or the store's details; else, when no spec says how a row reads,
    /// every further field in schema order (as many as fit), leaving out the
    /// title's fields, the key, blobs, the list's section and its scope.
    var listColumns: [ListColumn] {
        derived.value(\.listColumns) { makeListColumns() }
    }

    private func makeListColumns() -> [ListColumn] {
        var columns = ownListColumns
        // A list sorted by a field shows it first: the reader must see what
        // the rows are in order of (a default column the width left out, too).
        guard let sorted = sortedColumn, !titleFields.contains(sorted), let field = field(named: sorted) else { return columns }
        let shown = columns.firstIndex { $0.shows(sorted) }
        let column = shown.map { columns.remove(at: $0) } ?? ListColumn(content: .field(field, Self.shownFormat(field)), isOptional: false)
        return [ListColumn(content: column.content, isOptional: false)] + columns
    }

    private var ownListColumns: [ListColumn] {
        if let chosen = chosenColumns {
            // The title is always the first column: a chosen title field is not shown twice.
            let title = Set(titleFields)
            return chosen.compactMap { field(named: $0) }.filter { !title.contains($0.name) }
                .map { ListColumn(content: .field($0, Self.shownFormat($0)), isOptional: false) }
        }
        if !rowDetails.isEmpty { return rowDetails.map { ListColumn(content: .template($0), isOptional: false) } }
        if !details.isEmpty {
            return details.compactMap { detail in
                field(named: detail.field).map { ListColumn(content: .field($0, detail.format), isOptional: false) }
            }
        }
        guard rowTitle == nil else { return [] }
        // One pass, no copy of the fields first: asked three times a page.
        let title = titleFields
        var columns: [ListColumn] = []
        for field in fields where columns.count < Self.defaultColumnLimit {
            guard !title.contains(field.name), field.primaryKeyPosition == nil, field.kind != .blob,
                  field.name != groupField, field.name != scope?.field else { continue }
            columns.append(ListColumn(content: .field(field, Self.shownFormat(field)), isOptional: true))
        }
        return columns
    }

    /// The fields a row's title is made of: the spec's template, the title
    /// field, or a composite title's fields.
    var titleFields: [String] {
        if let template = rowTitle { return template.fields }
        if let composite = compositeTitle { return composite.fields }
        return titleField.map { [$0] } ?? []
    }

    /// A field's format in a list: its own, and a date's date part.
    static func shownFormat(_ field: Field) -> ValueFormat {
        field.format == .plain && field.kind == .date ? .date : field.format
    }
}
