extension CollectionSchema {
    /// This collection as an app spec presents it: the schema still decides
    /// what is stored; the spec adds labels, templates, ranges and policies.
    public func applying(_ spec: CollectionSpec) -> CollectionSchema {
        var result = self
        result.title = spec.title
        result.rowTitle = spec.rowTitle
        result.rowDetails = spec.rowDetails
        if spec.rowTitle != nil || !spec.rowDetails.isEmpty { result.details = [] }
        if let first = spec.rowTitle?.fields.first { result.titleField = first }
        result.order = spec.order
        // Field names as the schema spells them (a spec may use a label or another case).
        result.chosenColumns = spec.columns.map { $0.map { result.field(named: $0)?.name ?? $0 } }
        result.newRowsOnTop = spec.newRows == .top
        result.isDeletable = spec.deletable
        result.backPolicy = spec.backPolicy
        result.groupField = spec.group
        result.recordSections = spec.recordSections
        if let field = spec.manualOrder {
            result.manualOrder = field
            if result.order == nil { result.order = SortOrder(field: field, descending: false) }
        }
        for fieldSpec in spec.fields {
            guard let i = result.fields.firstIndex(where: { $0.name.lowercased() == fieldSpec.name.lowercased() }) else {
                continue
            }
            result.fields[i].apply(fieldSpec)
        }
        return result
    }
}

extension Field {
    mutating func apply(_ spec: FieldSpec) {
        label = spec.label ?? label
        prompt = spec.prompt
        placeholder = spec.placeholder
        choices = spec.choices
        minimum = spec.minimum
        maximum = spec.maximum
        isRequired = spec.required
        draftDefault = spec.defaultValue
        if spec.readOnly { isReadOnly = true }
        switch spec.kind {
        case .money?:
            // Whole dollars stay integers in an INTEGER column.
            if kind != .integer { kind = .real }
            format = .money
        case .boolean?: kind = .boolean
        case .date?: kind = .date; format = .date
        case .datetime?: kind = .datetime
        case .integer?: kind = .integer
        case .real?: kind = .real
        case .text?, .choice?: kind = .text
        case nil: break
        }
        if let shown = spec.format { format = shown }
        if let target = spec.references { references = Reference(collection: target) }
    }
}
