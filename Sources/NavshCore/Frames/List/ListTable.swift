/// A page of rows as a list shows them: the columns' labels and alignment,
/// and each row's title and cells, with references read as their rows'
/// titles. Built in `load` from what was read, so rendering stays pure.
struct ListTable {
    /// The title's column, then one per cell.
    var columns: [ListLayout.Column]
    var titles: [String]
    var cells: [[String]]

    /// A default column whose values are this wide on the page is long
    /// text: left out, so the list stays one line per row of short values.
    static let longText = 60

    /// `fit` keeps which columns hold long text as the list's first page
    /// found them (nil: this page decides alone).
    init(_ records: [Record], in collection: CollectionSchema, references: ReferenceTitles, fit: ListFit? = nil) {
        var columns = collection.listColumns
        // Row by row, each column's field found once per read (the rows of
        // a read share their names): made by column and turned into rows,
        // with a name search per cell, this was a fifth of a `page N`.
        let sources = columns.map(CellSource.init)
        var cells: [[String]] = []
        cells.reserveCapacity(records.count)
        for record in records {
            var row: [String] = []
            row.reserveCapacity(sources.count)
            for c in sources.indices { row.append(sources[c].text(of: record, references)) }
            cells.append(row)
        }
        // Long text is for `show FIELD` and the record frame, not a list's column.
        let allLabels = Self.labels(of: collection)
        let labels = allLabels.columns
        let isLong: [Bool]
        if let kept = fit?.longText, kept.labels == labels {
            // Only a default column is ever left out: one chosen by name
            // (`columns v`) is shown, cut, though the first page found it long.
            isLong = zip(kept.isLong, columns).map { $0 && $1.isOptional }
        } else {
            isLong = columns.indices.map { c in
                columns[c].isOptional && cells.contains { DisplayWidth.of($0[c]) > Self.longText }
            }
            // An empty first page (a find of nothing) decides nothing yet.
            if !records.isEmpty { fit?.longText = (labels, isLong) }
        }
        var kept = labels
        for c in columns.indices.reversed() where isLong[c] {
            columns.remove(at: c)
            kept.remove(at: c)
            for r in cells.indices { cells[r].remove(at: c) }
        }
        self.columns = [ListLayout.Column(label: allLabels.title)]
            + zip(columns, kept).map { column, label in
                ListLayout.Column(label: label,
                                  alignRight: Self.alignsRight(column, records, in: collection),
                                  // Chosen by name, by the spec, or the sort's own: shown, cut if need be.
                                  isKept: !column.isOptional)
            }
        titles = records.map { RowTitle.of($0, in: collection, references: references) }
        self.cells = cells
    }

    /// What a column's cells are made from, taken out of its `ListColumn`
    /// once a page: matching the column for each cell copied its whole
    /// field (a third of making a page's cells).
    private enum CellSource {
        case field(FieldLookup, ValueFormat, isReference: Bool)
        case template(RowTemplate)

        init(_ column: ListColumn) {
            switch column.content {
            case .template(let template): self = .template(template)
            case .field(let field, let format): self = .field(FieldLookup(field.name), format, isReference: field.references != nil)
            }
        }

        /// One cell: a reference as its row's title, a template as it
        /// renders, a field in its format; every text escaped.
        func text(of record: Record, _ references: ReferenceTitles) -> String {
            switch self {
            case .template(let template):
                return TextLayout.printable(template.render(record))
            case .field(let lookup, let format, let isReference):
                let value = lookup.value(in: record) ?? .null
                if isReference, !value.isNull, let title = references.title(of: lookup.name, value) { return title }
                return ValueText.cell(value, format)
            }
        }
    }

    /// Numbers and money right-aligned, everything else left: by the
    /// field's kind and format, or, for a column of no declared type, by
    /// whether every value on the page is a number.
    static func alignsRight(_ column: ListColumn, _ records: [Record], in collection: CollectionSchema) -> Bool {
        let field: Field?, format: ValueFormat
        switch column.content {
        case .field(let f, let f2): (field, format) = (f, f2)
        case .template(let template):
            // A template of one field aligns as that field would.
            guard template.fields.count == 1, case .field(let name, let f2)? = template.parts.first(where: {
                if case .field = $0 { return true } else { return false }
            }) else { return false }
            (field, format) = (collection.field(named: name), f2)
        }
        guard let field, field.references == nil else { return false }
        switch format {
        case .money, .decimals, .minimumDecimals: return true
        case .date, .mediumDate, .yesNo: return false
        case .plain: break
        }
        switch field.kind {
        case .integer, .real, .numeric: return true
        case .any:
            let values = records.map { $0[field.name] }.filter { !$0.isNull }
            return !values.isEmpty && values.allSatisfy {
                if case .integer = $0 { return true }
                if case .real = $0 { return true }
                return false
            }
        default: return false
        }
    }

    /// The labels of the list's columns and of its title's, made once per
    /// schema (each is a field found by name and escaped).
    static func labels(of collection: CollectionSchema) -> (columns: [String], title: String) {
        collection.derived.value(\.listLabels) {
            (collection.listColumns.map { $0.label(in: collection) }, titleLabel(of: collection))
        }
    }

    /// The title column's label: the template's or composite's fields'
    /// labels, or the title field's.
    static func titleLabel(of collection: CollectionSchema) -> String {
        if let template = collection.rowTitle { return ListColumn.label(of: template, in: collection) }
        return ListColumn.label(of: collection.titleFields, in: collection,
                                separator: collection.compositeTitle?.separator ?? " ")
    }
}
