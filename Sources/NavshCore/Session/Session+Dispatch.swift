extension Session {
    /// Runs a parsed command on the top frame. `confirmed` is true when the
    /// user already answered yes to this command's question.
    func perform(_ command: Command, confirmed: Bool) throws -> Response {
        switch command {
        case .help(let name): return Response(output: HelpText.render(name, in: top.kind))
        case .show: return Response(output: try render(top))
        case .whereAmI: return Response(output: renderStack())
        case .back(let force): return try back(force: force || confirmed)
        case .top(let force): return try goToTop(force: force || confirmed)
        case .quit(let force): return try quit(force: force || confirmed)
        case .open(let target): return try open(target)
        case .new: return try newDraft()
        case .deleteRow(let row): return try deleteRow(row, confirmed: confirmed)
        case .move(let from, let to): return try move(from, to)
        case .next: return try turnPage(by: 1)
        case .prev: return try turnPage(by: -1)
        case .page(let number): return try goToPage(number)
        case .set(let field, let value): return try set(field, value)
        case .unset(let field): return try unset(field)
        case .edit(let field): return try edit(field)
        case .history: return Response(output: historyText())
        case .changes: return try changes()
        case .revert(let field): return try revert(field)
        case .save(let force): return try save(force: force)
        case .reload: return try reload()
        case .undo: return try undo()
        case .cancel: return try cancel()
        case .deleteRecord: return try deleteRecord(confirmed: confirmed)
        }
    }

    /// The frame as a given type, or the error a wrong frame deserves (the
    /// parser already routes commands by frame, so this is a safety net).
    func topFrame<F: Frame>(_ type: F.Type) throws -> F {
        guard let frame = top as? F else {
            throw CommandError("that command does not work in \(top.kind.article)")
        }
        return frame
    }
}
