/// `new` pushes a draft record; `save` inserts it.
struct NewCommand: PlainCommand {
    static let forms = [CommandForm("new", [.list], .none, usage: "new",
                                    "start a new record; save inserts it", example: "new")]

    /// Tries at most this many numbers for a counter default (`My Item {n}`).
    static let counterTries = 100

    init() {}

    static func isOffered(in frame: any Frame) -> Bool {
        (frame as? ListFrame)?.collection.unwritableReason == nil
    }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let list = try session.topFrame(ListFrame.self)
        if let reason = list.collection.unwritableReason {
            throw CommandError.fields(.collectionReadOnly(reason: reason))
        }
        var defaults = try specDefaults(for: list, in: session)
        // A new row in an owner's list of cars belongs to that owner.
        if let scope = list.collection.scope { defaults[scope.field] = scope.value }
        if let (field, position) = try manualOrderDefault(for: list, in: session.store) { defaults[field] = position }
        let frame = RecordFrame(draftOf: list.collection, defaults: defaults)
        // The owner, as shown on the way here, is checked at save like a
        // reference `set` names: re-keyed elsewhere, its key named another
        // row, and the new row went to that one.
        if let scope = list.collection.scope, let field = list.collection.field(named: scope.field) {
            frame.remember(scope.value, setFor: field, in: session.store)
        }
        return Response(output: try session.pushShowing(frame))
    }

    /// A draft's values from the app spec: `now`, `today`, `this year`, a
    /// literal, or a counter (`My Item {n}`, the next number no row has).
    private func specDefaults(for list: ListFrame, in session: any CommandContext) throws -> [String: Value] {
        var values: [String: Value] = [:]
        let time = session.clock()
        for field in list.collection.fields {
            // A datetime default is written in the form its column holds, as `set` writes one.
            let form = field.draftDefault == nil ? .standard : DateTimeForm.of(field, in: list.collection, session.store)
            switch field.draftDefault {
            case nil: continue
            case .now?: values[field.name] = field.kind == .datetime ? form.value(time.dateTime) : .text(time.dateTime)
            case .today?: values[field.name] = .text(time.localDate)
            case .thisYear?: values[field.name] = .integer(Int64(time.year))
            case .literal(let text)?:
                values[field.name] = (try? ValueParser.parse(text, for: field, thisYear: time.year, now: time,
                                                             dateTimeForm: form)) ?? .text(text)
            case .counter(let template)?:
                if let text = try nextCounterText(template, field: field.name, in: list, store: session.store) {
                    values[field.name] = .text(text)
                }
            }
        }
        return values
    }

    /// `My Item {n}` with the next number not taken: from one more than the
    /// row count, the first whose text no row holds (after deletes, the count
    /// alone would repeat a listed title). Each try is one LIMIT 1 query, and
    /// there are at most `counterTries`; past that the field starts empty.
    private func nextCounterText(_ template: String, field: String, in list: ListFrame,
                                 store: any StoreReader) throws -> String? {
        let start = try list.count(in: store) + 1
        for n in start..<(start + Self.counterTries) {
            let text = template.replacing("{n}", with: String(n))
            if try store.find(text, in: field, of: list.collection, match: .exact, limit: 1).isEmpty { return text }
        }
        return nil
    }

    /// Where a new row goes in a manual order: after the last row, or before
    /// the first when new rows go on top.
    private func manualOrderDefault(for list: ListFrame, in store: any StoreReader) throws -> (String, Value)? {
        guard let field = list.collection.manualOrder else { return nil }
        let total = try list.count(in: store)
        guard total > 0 else { return (field, .integer(1)) }
        let onTop = list.collection.newRowsOnTop
        let edge = try store.records(of: list.collection, offset: onTop ? 0 : total - 1, limit: 1).first
        guard case .integer(let position)? = edge?[field] else { return (field, .integer(Int64(total + 1))) }
        // The edge row's number comes from the file: it may sit at Int64's end.
        let (next, overflow) = onTop ? position.subtractingReportingOverflow(1) : position.addingReportingOverflow(1)
        guard !overflow else {
            throw CommandError.rows(.orderExhausted(field: field, position: position, onTop: onTop))
        }
        return (field, .integer(next))
    }
}
