/// `where FIELD OP VALUE` in a list pushes a list of the rows that match
/// (OP: = != < <= > >= ~, or `is null`, `is not null`); VALUE is read as
/// `set FIELD` reads it. `where` alone prints the stack, as everywhere (as
/// `git branch` lists and `git branch X` creates).
struct WhereFilterCommand: Command {
    static let forms = [CommandForm("where", [.list], .optionalRest("condition"), usage: "where [FIELD OP VALUE]",
                                    "print the stack, or list the rows where FIELD OP VALUE",
                                    example: "where year >= 2000")]

    let condition: String?

    init(form: CommandForm, arguments: Arguments) {
        condition = arguments.rest
    }

    /// `where` alone prints the stack: what a script asked to see (`--quiet`).
    var isReport: Bool { condition == nil }

    func run(in session: any CommandContext, confirmed: Bool) throws -> Response {
        guard let condition else { return try WhereCommand().run(in: session, confirmed: confirmed) }
        let list = try session.topFrame(ListFrame.self)
        let filter = try Self.filter(condition, in: list.collection, store: session.store, now: session.clock())
        return try list.narrow(by: filter, caption: Self.caption(filter, typed: condition, in: list.collection), in: session)
    }

    /// Reads `FIELD OP VALUE`: the field by name or label (quoted if it has
    /// spaces), the operator as its own word or stuck to the field
    /// (`year>=2000`), the value as the rest of the line.
    static func filter(_ text: String, in collection: CollectionSchema, store: any StoreReader,
                       now: CivilTime) throws -> RowFilter {
        let thisYear = now.year
        var scanner = WordScanner(text)
        guard var name = try scanner.next() else { throw CommandError.rows(.whereSyntax) }
        // A quoted name is the field's whole name: `"x<y" = 2` was read as `x < "y = 2"`.
        let bare = scanner.lastWasBare
        if bare { name = try wholeLabel(from: name, &scanner, in: collection) }
        var op: String
        if bare, let (field, stuck) = splitOperator(name) {
            (name, op) = (field, stuck)
        } else {
            guard let word = try scanner.next() else { throw CommandError.rows(.whereSyntax) }
            op = word
        }
        let field = try resolve(name, in: collection)
        // Something typed after the operator, even `""` (the empty text, as `set` reads it).
        var typedValue = !scanner.isAtEnd()
        var ahead = scanner
        let quoted = ahead.rawRest().first.map { $0 == "\"" || $0 == "'" } ?? false
        var value = typedValue ? try scanner.restOfLine() : ""
        if op.lowercased() == "is" {
            switch value.lowercased().split(separator: " ").joined(separator: " ") {
            case "null": return .isNull(field: field.name)
            case "not null": return .isNotNull(field: field.name)
            default: throw CommandError.rows(.whereSyntax)
            }
        }
        if let (symbol, rest) = leadingOperator(op), !rest.isEmpty {
            // `year >=2000`: the value stuck to the operator (but `<>` is no operator).
            if rest.first.map({ "<>=!~".contains($0) }) == true { throw CommandError.rows(.whereSyntax) }
            (op, value) = (symbol, rest + (value.isEmpty ? "" : " " + value))
            typedValue = true
        }
        guard typedValue else { throw CommandError.rows(.whereSyntax) }
        if op == "~" {
            if let title = ReferencedTitle.of(field, in: store) { return .titleContains(field: field.name, title, value) }
            return .contains(field: field.name, value)
        }
        guard let comparison = RowComparison(rawValue: op) else { throw CommandError.rows(.whereSyntax) }
        if field.kind == .blob { throw CommandError.rows(.blobNotComparable(field: field.name)) }
        // A reference compares by the row it names: its title or #KEY, as `set` takes it.
        let compared = try RecordFrame.referenceValue(value, for: field, in: store, thisYear: thisYear)
            ?? comparable(value, quoted: quoted, for: field, now: now, form: DateTimeForm.of(field, in: collection, store))
        return .compare(field: field.name, comparison, compared)
    }

    /// A reference compared with a row named by title or `#KEY` reads as
    /// typed (`Artist = "Björk"`), not as the key it matched; nil for the
    /// filter's own caption (also when the key itself was typed).
    private static func caption(_ filter: RowFilter, typed: String, in collection: CollectionSchema) -> String? {
        guard case .compare(let name, let comparison, let compared) = filter,
              let field = collection.field(named: name), field.references != nil,
              let range = typed.firstRange(of: comparison.rawValue)
        else { return nil }
        var value = String(typed[range.upperBound...]).trimmingSpaces
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        if value == ValueText.raw(compared) { return nil }  // the stored value itself (`AlbumId = 12`)
        return "\(field.label ?? field.name) \(comparison.rawValue) " + (ListFrame.isKey(value) ? value : "\"\(value)\"")
    }

    /// A value to compare with: read by the field's kind, but not held to
    /// its choices or range. In an untyped column a number compares as one
    /// (the store also matches `=` and `!=` against the text `set` stores
    /// for it), and a quoted value as the text it quotes.
    private static func comparable(_ text: String, quoted: Bool, for field: Field, now: CivilTime,
                                   form: DateTimeForm) throws -> Value {
        if field.kind == .any && quoted { return .text(text) }
        if field.kind == .any {
            let trimmed = text.trimmingSpaces
            if let n = Int64(trimmed) { return .integer(n) }
            if let d = Double(trimmed), d.isFinite, trimmed.contains(where: \.isNumber) { return .real(d) }
        }
        return try ValueParser.parse(text, for: field, thisYear: now.year, comparing: true, now: now, dateTimeForm: form)
    }

    /// A label of several words (`where Serial Number = KB-9`) read whole:
    /// the bare words after `first` up to the operator, as `FieldPhrase` takes them.
    private static func wholeLabel(from first: String, _ scanner: inout WordScanner,
                                   in collection: CollectionSchema) throws(CommandError) -> String {
        let longest = FieldPhrase.longestName(in: collection)
        guard longest > 1 else { return first }
        var ahead = scanner
        var words = [(text: first, bare: true)]
        var after: [WordScanner] = []
        while words.count < longest, let word = try ahead.next(), ahead.lastWasBare,
              splitOperator(word) == nil, leadingOperator(word) == nil, word.lowercased() != "is" {
            words.append((word, true))
            after.append(ahead)
        }
        let phrase = try FieldPhrase.leading(words, in: collection)
        guard phrase.count > 1 else { return first }
        scanner = after[phrase.count - 2]
        return phrase.name
    }

    private static func resolve(_ name: String, in collection: CollectionSchema) throws -> Field {
        if let field = collection.field(named: name) { return field }
        let names = collection.fields.map(\.name)
        throw CommandError.rows(.noFilterField(name, collection: collection.name, fields: names,
                                               nearest: Nearest.name(to: name, among: names)))
    }

    static let operators = ["<=", ">=", "!=", "=", "<", ">", "~"]

    /// `year>=2000` → (`year`, `>=2000`): a word holding an operator after some name.
    private static func splitOperator(_ word: String) -> (String, String)? {
        guard let index = word.firstIndex(where: { "<>=!~".contains($0) }), index != word.startIndex else { return nil }
        return (String(word[..<index]), String(word[index...]))
    }

    /// `>=2000` → (`>=`, `2000`).
    private static func leadingOperator(_ word: String) -> (String, String)? {
        guard let symbol = operators.first(where: { word.hasPrefix($0) }) else { return nil }
        return (symbol, String(word.dropFirst(symbol.count)))
    }

    /// Field names, then operators.
    static func complete(_ rest: String, in session: any CommandContext) -> Completion {
        guard let list = session.top as? ListFrame else { return .none }
        guard !rest.contains(" ") else { return .none }
        return Completion(word: rest, candidates: Completion.matching(list.collection.fields.map(\.name), rest))
    }
}
