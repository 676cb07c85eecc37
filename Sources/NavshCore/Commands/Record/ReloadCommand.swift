/// `reload` takes the stored row as the new starting point and re-applies
/// the user's edits on top; it reports the fields both sides changed.
struct ReloadCommand: PlainCommand {
    static let forms = [CommandForm("reload", [.record], .none, usage: "reload",
                                    "take stored values, keep your edits", example: "reload")]

    init() {}

    func run(in session: Session, confirmed: Bool) throws -> Response {
        let frame = try session.topFrame(RecordFrame.self)
        guard let id = frame.id else { throw CommandError.writes(.nothingToReload) }
        guard let current = try session.store.record(of: frame.collection, id: id) else {
            throw CommandError.writes(.deletedBeforeReload(title: frame.crumb))
        }
        let old = frame.buffer
        let collisions = frame.collection.fields.map(\.name).filter { name in
            old.isChanged(name) && current[name] != old.base[name] ?? .null && current[name] != old.value(of: name)
        }
        frame.markSaved(current)
        for (field, value) in old.changes { frame.buffer.set(field, to: value) }
        var output = "reloaded \(frame.crumb)"
        if !frame.unsavedFields.isEmpty { output += "; kept your edits to " + frame.unsavedFields.joined(separator: ", ") }
        output += "\n"
        for name in collisions {
            output += "  both changed \(name): theirs \(ValueText.raw(current[name])), "
                + "yours \(ValueText.raw(old.value(of: name))) (yours kept)\n"
        }
        return Response(output: output)
    }
}
