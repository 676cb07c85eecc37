extension RecordFrame {
    /// The top record frame and the field a command names in it, if the
    /// user may change it (`set`, `unset`, `edit`).
    static func editing(_ name: String, in session: any CommandContext) throws -> (RecordFrame, Field) {
        let frame = try session.topFrame(RecordFrame.self)
        return (frame, try frame.editableField(name))
    }

    /// The field a command names, if the user may change it here; otherwise
    /// an error listing the fields they can set.
    func editableField(_ name: String) throws -> Field {
        if let reason = collection.unwritableReason {
            throw CommandError.fields(.collectionReadOnly(reason: reason))
        }
        guard let field = collection.field(named: name) else { throw unknownField(name) }
        if field.isReadOnly {
            throw CommandError.fields(.readOnly(field.shownName, editable: editableNames))
        }
        return field
    }

    /// Puts `value` in the buffer for `field`; a value the field already
    /// holds changes nothing, and the answer says so in one line (a script's
    /// `--quiet` drops it).
    func assign(_ value: Value, to field: Field) -> Response {
        // A batch's replace leaves each row its own value, so none is held
        // yet: the new value takes the replace's place. It was called held.
        let known = !buffer.unshared.contains(field.name) || buffer.isChanged(field.name)
        if known && buffer.replacing[field.name] == nil && buffer.value(of: field.name) == value {
            return Response(output: "\(field.shownName) already holds \(ValueText.bounded(value, field.format)); nothing changed\n")
        }
        buffer.set(field.name, to: value)
        return Response()
    }

    func unknownField(_ name: String) -> CommandError {
        // `set Length (ms) 1000`: the first word of a label with spaces,
        // which the line must quote (the error offered
        // column names, and nothing said quoting works).
        let typed = name.lowercased() + " "
        if let spaced = collection.fields.first(where: { ($0.label ?? $0.name).lowercased().hasPrefix(typed) }) {
            return .fields(.unknownField(name, editable: editableNames, nearest: spaced.label ?? spaced.name))
        }
        return .fields(.unknownField(name, editable: editableNames,
                                     nearest: Nearest.name(to: name, among: collection.fields.map(\.name))))
    }

    private var editableNames: [String] {
        collection.editableFields.map(\.name)
    }

    /// The reference fields and related collections `open` can follow from here.
    func openableNames(in store: any StoreReader) -> [String] {
        collection.fields.filter { $0.references != nil }.map(\.name) + relatedCollections(in: store).map(\.0.name)
    }

    /// Collections with a field that refers to this record's collection.
    func relatedCollections(in store: any StoreReader) -> [(CollectionSchema, Field)] {
        store.collections.compactMap { other in
            other.fields.first { $0.references?.collection.lowercased() == collection.name.lowercased() }
                .map { (other, $0) }
        }
    }
}
