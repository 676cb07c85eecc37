/// `reload` takes the stored row as the new starting point and re-applies
/// the user's edits on top; it reports the values it took and the fields
/// both sides changed.
struct ReloadCommand: PlainCommand {
    static let forms = [CommandForm("reload", [.record], .none, usage: "reload",
                                    "take stored values, keep your edits", example: "reload")]

    init() {}

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        if let batch = frame.batch { return Response(output: session.wrappedAtPrompt(try frame.reloadBatch(batch, in: session))) }
        guard let id = frame.id else { throw CommandError.writes(.nothingToReload) }
        guard let current = try session.store.record(of: frame.collection, id: id) else {
            throw CommandError.writes(.deletedBeforeReload(title: frame.crumb))
        }
        let old = frame.buffer
        let fields = frame.collection.fields
        if fields.allSatisfy({ current[$0.name] == old.row.value(of: $0.name) ?? .null }) {
            return Response(output: "nothing to reload: \(frame.crumb) is as stored\n")
        }
        // Values taken from elsewhere that no edit of yours covers: said, so
        // nothing changes on screen unannounced.
        let taken = fields.filter { field in
            !old.isChanged(field.name) && current[field.name] != old.row.value(of: field.name) ?? .null
        }
        let collisions = fields.filter { field in
            let name = field.name
            return old.isChanged(name) && current[name] != old.row.value(of: name) ?? .null && current[name] != old.value(of: name)
        }
        frame.markSaved(current)
        for (field, value) in old.changes { frame.buffer.set(field, to: value) }
        var output = "reloaded \(frame.crumb)"
        if !frame.unsavedFields.isEmpty {
            let labels = frame.unsavedLabels
            output += "; kept your edits to " + labels.joined(separator: ", ")
        }
        output += "\n"
        func short(_ value: Value) -> String { TextLayout.truncate(ValueText.raw(value), to: 40) }
        for field in taken {
            output += "  \(field.shownName) changed elsewhere: \(short(old.row.value(of: field.name) ?? .null)) → \(short(current[field.name])) (taken)\n"
        }
        for field in collisions {
            output += "  both changed \(field.shownName): theirs \(ValueText.raw(current[field.name])), "
                + "yours \(ValueText.raw(old.value(of: field.name))) (yours kept)\n"
        }
        return Response(output: session.wrappedAtPrompt(output))
    }
}
