/// `set FIELD VALUE`: changes a field in the edit buffer; the value is the
/// rest of the line, read by the field's kind.
struct SetCommand: Command {
    static let forms = [CommandForm("set", [.record], .wordAndRest("field name"), usage: "set FIELD VALUE",
                                    "change a field; the value is the rest of the line", example: "set name Gort statue")]

    let field: String

    static func summary(of form: CommandForm, in frame: any Frame) -> String? {
        (frame as? RecordFrame)?.batch != nil ? "change a field in every row; the value is the rest of the line" : form.summary
    }
    /// nil for `set FIELD` with nothing after it: neither NULL nor "" is a guess worth making.
    let value: String?
    /// The words as typed, read once the fields are known (`FieldPhrase`); nil for a field named exactly.
    private var typed: Arguments?

    init(form: CommandForm, arguments: Arguments) {
        field = arguments.first
        value = arguments.rest
        typed = arguments
    }

    init(field: String, value: String?) {
        self.field = field
        self.value = value
    }

    var editsTheRecord: Bool { true }

    /// The buffer only; a reference named by its title is looked up afresh.
    func usesNothingReadBefore(in session: any CommandContext) -> Bool { true }

    static func isOffered(in frame: any Frame) -> Bool { UnsetCommand.isOffered(in: frame) }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        let (name, value) = try typed.map { try FieldPhrase.split($0, in: session.topFrame(RecordFrame.self).collection) }
            ?? (field, self.value)
        let (frame, field) = try RecordFrame.editing(name, in: session)
        guard let value else { throw Self.missingValue(field) }
        // The clock is read once, and only if the value needs it (a date,
        // a range up to this year).
        var read: CivilTime?
        func now() -> CivilTime {
            if let read { return read }
            let time = session.clock()
            read = time
            return time
        }
        let form = DateTimeForm.of(field, in: frame.collection, session.store)
        let stored = try RecordFrame.referenceValue(value, for: field, in: session.store, thisYear: now().year)
            ?? ValueParser.parse(value, for: field, thisYear: now().year, now: now(), dateTimeForm: form)
        let chosen = frame.chosenReferences[field.name]
        frame.remember(stored, setFor: field, in: session.store)
        // Set again to the value it holds, as a refused save says to: the row
        // it names is taken as it is now, which is a change for the save
        // (it said "nothing changed", and the next save then passed).
        if let now = frame.chosenReferences[field.name], let before = chosen, before.value == stored,
           now.title != before.title, frame.buffer.value(of: field.name) == stored {
            return Response(output: "\(field.shownName) names \(TextLayout.printable(now.key)), "
                + "\(now.title ?? "no row") now; save writes it\n")
        }
        return frame.assign(stored, to: field)
    }

    /// `set FIELD` with no value: says what the field takes, offering only
    /// the ways to empty it that it accepts.
    private static func missingValue(_ field: Field) -> CommandError {
        let canBeEmpty = (field.kind == .text || field.kind == .any) && !field.isRequired && field.choices.isEmpty
        return .fields(.missingValue(field.name, canUnset: !field.isNotNull, canBeEmpty: canBeEmpty))
    }

    /// The field name, then a choice of an enum field (choices may hold
    /// spaces: the value is the rest of the line) or true/false.
    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let frame = session.top as? RecordFrame else { return .none }
        if let word = Completion.fieldWord(rest) { return Completion.editableFields(of: frame, word) }
        guard let field = frame.collection.field(named: String(rest.prefix { $0 != " " })) else { return .none }
        if !field.choices.isEmpty {
            let value = String(rest.drop { $0 != " " }.drop { $0 == " " })
            return Completion(word: value, candidates: Completion.matching(field.choices, value))
        }
        if let reference = field.references {
            return referenceTitles(reference, typed: String(rest.drop { $0 != " " }.drop { $0 == " " }), in: session)
        }
        guard field.kind == .boolean else { return .none }
        let lastWord = String(rest.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        return Completion(word: lastWord, candidates: Completion.matching(["false", "true"], lastWord))
    }

    /// Titles of the referenced collection's rows that hold `typed`,
    /// bounded like `open TITLE`'s (a referenced table may hold a million rows).
    private static func referenceTitles(_ reference: Reference, typed: String, in session: any CommandContext) -> Completion {
        guard let target = session.store.collection(referencedBy: reference) else { return .none }
        return Completion.titles(of: target, matching: typed, in: session.store, within: .completion)
    }
}
