/// A record's fields: which can be set, what a value must look like, what
/// `edit` can pre-fill, and references to follow.
public enum FieldError: Equatable, Sendable {
    // MARK: Which fields can be set
    /// The store's own sentence for a table navsh cannot write (no key).
    case collectionReadOnly(reason: String)
    case readOnly(String, editable: [String])
    /// `nearest`: a field name it is one or two edits from (`nmae` → `name`).
    case unknownField(String, editable: [String], nearest: String?)
    /// `set Serial Number …` where `Serial` is one field and `Serial Number` another's label.
    case ambiguousFieldWords(first: String, firstField: String, phrase: String, phraseField: String)
    /// `set artist Jo`: more than one referenced row's title matches.
    /// `alike`: the rows share the whole title, so typing more cannot tell them apart.
    case severalReferencedRows(field: String, typed: String, titles: [String], more: Bool, alike: Bool = false)
    /// A number typed for a reference that is a row's key (`keyed`, when
    /// there is one) and other rows' whole title.
    case keyOrTitle(field: String, typed: String, keyed: String?, titled: [String])
    /// `nearest`: a title one or two letters from the one typed.
    case noReferencedRow(field: String, collection: String, typed: String, nearest: String? = nil)
    /// `set FIELD` with nothing after it; the flags say which ways to
    /// empty the field it accepts.
    case missingValue(String, canUnset: Bool, canBeEmpty: Bool)
    case cannotBeNull(String)
    /// The app spec marks it required and it is empty, at save.
    case required(String)
    /// `replace` names a field that holds no text, or an empty OLD.
    case replaceNeedsText(String)
    /// `replace` found no OLD in the field; `rows`, the rows of a batch looked at.
    case textNotFound(String, String, rows: Int?)
    /// A batch's replace refused for one of its rows, the first found.
    indirect case replacedInRow(title: String, FieldError)

    // MARK: Values typed for a field
    case notAChoice(String, typed: String, choices: [String])
    /// Several choices spell what was typed, apart only in case.
    case choiceByCase(String, typed: String, choices: [String])
    case outOfRange(String, value: Value, minimum: Double?, maximum: Double?)
    /// Text with a NUL character, which the store's text cannot hold.
    case holdsNUL(String)
    /// A number nearer 0 than the type's smallest, which it would round to 0.
    case nearZero(String, value: Value, least: Double)
    /// A save's buffer breaks several constraints: each said in its own words.
    case bufferBreaks([String])
    /// A text of `count` characters where the column takes other lengths.
    case wrongLength(String, count: Int, minimum: Int?, maximum: Int?)
    case notA(Expected, field: String, typed: String)
    case blobCannotBeSet(String)
    /// `12.50` for a money field whose column holds whole dollars (`type`: its declared type).
    case centsInWholeDollars(String, typed: String, type: String)
    /// `1,5` for a money field: a comma there only separates thousands.
    case misplacedComma(String, typed: String)
    /// Money shows cents: `12.345` would be stored as typed and shown as
    /// `$12.35`, a value nobody sees.
    case notCents(String, typed: String)

    /// What a field of a kind reads, for `notA`.
    public enum Expected: Equatable, Sendable {
        case wholeNumber, wholeNumberInRange, number, numberInRange, yesNo, date, dateTime
    }

    // MARK: What `edit` can pre-fill
    case blobField(String)
    case blobValue(String)
    case notUTF8(String)
    case controlCharacters(String)
    case tooLongToEdit(String, characters: Int, limit: Int)

    // MARK: References (`open FIELD`, `open COLLECTION`)
    case referenceEmpty(String, collection: String)
    case referenceMissing(String, collection: String, value: Value)
    case notSavedForRelated
    /// `open TABLE` in a batch: a related list belongs to one row.
    case relatedOfBatch(String)
    case nothingToOpen(collection: String)
    case nothingNamed(String, options: [String])
    case compositeKey(collection: String)

    var message: String {
        switch self {
        case .collectionReadOnly(let reason):
            return reason
        case .readOnly(let name, let editable):
            return "\(name) is read-only; the fields you can set are \(Self.list(editable))"
        case .noReferencedRow(let field, let collection, let typed, let nearest):
            // "Named", not "titled": a table may have a column called title.
            // The question last: `?;` read as a typo of its own.
            return "\(field): no row of \(collection) is named '\(TextLayout.printable(typed))'"
                + "; set \(field) #KEY names one by its key"
                + (nearest.map { "; did you mean \(TextLayout.printable($0))?" } ?? "")
        case .keyOrTitle(let field, let typed, let keyed, let titled):
            let key = keyed.map { "the key of \($0) and " } ?? ""
            return "\(field): '\(TextLayout.printable(typed))' is \(key)the title of \(titled.joined(separator: ", ")); "
                + "write the row as #KEY"
        case .severalReferencedRows(let field, let typed, let titles, let more, let alike):
            // Rows told apart by a second field (`Jane Novak, Sales Manager`)
            // hold a comma each: semicolons keep one row from the next.
            let separator = titles.contains { $0.contains(",") } ? "; " : ", "
            return "\(field): '\(TextLayout.printable(typed))' matches several rows: \(titles.joined(separator: separator))"
                + (more ? separator + "…" : "") + (alike ? "; they share the title: name one as #KEY" : "; type more of the title, or #KEY")
        case .unknownField(let name, _, let nearest?):
            return "unknown field '\(TextLayout.printable(name))'; did you mean \(Self.typedWithNote(nearest))?"
        case .ambiguousFieldWords(let first, let firstField, let phrase, let phraseField):
            return "'\(TextLayout.printable(phrase))' names the field \(TextLayout.printable(phraseField)) and "
                + "'\(TextLayout.printable(first))' the field \(TextLayout.printable(firstField)): quote the one you mean "
                + "(\(WordScanner.typed(phrase)) or \"\(TextLayout.printable(first))\")"
        case .unknownField(let name, let editable, nil):
            return "unknown field '\(TextLayout.printable(name))'; the fields you can set are \(Self.list(editable))"
        case .missingValue(let name, let canUnset, let canBeEmpty):
            var ways: [String] = []
            if canUnset { ways.append("unset \(name) makes it NULL") }
            if canBeEmpty { ways.append("set \(name) \"\" makes it empty") }
            return "set \(name): missing value; usage: set \(name) VALUE"
                + (ways.isEmpty ? "" : "; " + ways.joined(separator: ", "))
        case .cannotBeNull(let name):
            return "\(name) cannot be NULL (NOT NULL); set it to a value instead"
        case .required(let name):
            return "\(name) is required; set \(name) VALUE, then save again"
        case .replaceNeedsText(let name):
            return "replace changes text: \(name) holds none, or the old text is empty (set \(name) VALUE changes any field)"
        case .textNotFound(let name, let text, nil):
            return "\(name) does not contain \(text); nothing changed"
        case .textNotFound(let name, let text, let rows?):
            return "no row's \(name) contains \(text) (\(ListLayout.grouped(rows)) rows looked at); nothing changed"
        case .replacedInRow(let title, let error):
            return "\(title) after the replace: \(error.message); nothing changed"
        case .choiceByCase(let name, let typed, let choices):
            return "\(name): '\(TextLayout.printable(typed))' is \(choices.map(TextLayout.printable).joined(separator: " or ")), "
                + "apart only in case; type one exactly"
        case .notAChoice(let name, let typed, let choices):
            return "\(name): '\(TextLayout.printable(typed))' is not one of \(choices.joined(separator: ", "))"
        case .outOfRange(let name, let value, let minimum, let maximum):
            return "\(name): \(ValueText.raw(value)) is out of range (\(Self.range(minimum, maximum)))"
        case .holdsNUL(let name):
            return "\(name): the text holds a NUL character (\\0), which the store's text cannot hold"
        case .nearZero(let name, let value, let least):
            return "\(name): \(ValueText.raw(value)) is too near 0 for its type (the nearest it holds are 0 and \(Self.shown(least)))"
        case .bufferBreaks(let problems):
            return "\(problems.count) fields cannot be saved as they are: " + problems.joined(separator: "; ")
                + "; nothing was saved"
        case .wrongLength(let name, let count, let minimum, let maximum):
            func characters(_ n: Int) -> String { "\(ListLayout.grouped(n)) character\(n == 1 ? "" : "s")" }
            let takes: String
            switch (minimum, maximum) {
            case let (low?, high?) where low == high: takes = "exactly " + characters(low)
            case let (low?, high?): takes = "\(low) to " + characters(high)
            case let (low?, nil): takes = "at least " + characters(low)
            case let (nil, high?): takes = "at most " + characters(high)
            case (nil, nil): takes = "another length"
            }
            return "\(name): " + (count == 0 ? "empty" : characters(count)) + ", but it takes " + takes
        case .notA(let expected, let name, let typed):
            let shown = typed.isEmpty ? "an empty value" : "'\(TextLayout.printable(typed))'"
            return "\(name): \(shown) \(expected.problem)"
        case .centsInWholeDollars(let name, let typed, let type):
            return "\(name): '\(TextLayout.printable(typed))' has cents, but \(name) is \(type), whole dollars only; "
                + "type a whole amount"
        case .misplacedComma(let name, let typed):
            return "\(name): '\(TextLayout.printable(typed))' is not an amount; a comma only separates thousands "
                + "(1,210), and cents follow a point (12.50)"
        case .notCents(let name, let typed):
            return "\(name): '\(TextLayout.printable(typed))' is not an amount in dollars and cents; "
                + "type at most two decimals (12.50)"
        case .blobCannotBeSet(let name):
            return "\(name) holds binary data (BLOB), which cannot be set as text"
        case .blobField(let name):
            return "\(name) holds binary data (BLOB), which cannot be edited as text"
        case .blobValue(let name):
            return "\(name) holds binary data, which cannot be edited as text; set \(name) VALUE replaces it"
        case .notUTF8(let name):
            return "\(name) holds bytes that are not UTF-8, which the line editor cannot show as "
                + "stored; set \(name) VALUE replaces the value"
        case .controlCharacters(let name):
            return "\(name) holds control characters (line breaks, tabs, escapes), which the "
                + "line editor cannot show as stored; set \(name) VALUE replaces the value"
        case .tooLongToEdit(let name, let characters, let limit):
            return "\(name) holds \(characters) characters, too long for the line editor "
                + "(at most \(limit)); set \(name) VALUE replaces the value"
        case .referenceEmpty(let name, let collection):
            return "\(name) is empty; it names no \(collection) row"
        case .referenceMissing(let name, let collection, let value):
            return "\(name) names \(collection) \(ValueText.raw(value)), which does not exist"
        case .notSavedForRelated:
            return "save this record first: nothing refers to it yet"
        case .relatedOfBatch(let collection):
            return "a batch stands for many rows, and \(collection) lists one row's: back, open a row, then open \(collection)"
        case .nothingToOpen(let collection):
            return "\(collection) has no reference fields or related collections to open"
        case .nothingNamed(let target, let options):
            return "nothing named '\(TextLayout.printable(target))' to open here; try "
                + options.joined(separator: ", ")
        case .compositeKey(let collection):
            return "\(collection) rows have a composite key; related rows cannot be listed"
        }
    }

    /// A name as it must be typed, saying so when that is quoted
    /// (`"Length (ms)" (quoted)`, `"we\nird" (quoted)`: bare, the first is
    /// two words and the second's backslash escapes the n).
    private static func typedWithNote(_ name: String) -> String {
        let typed = WordScanner.typed(name)
        return typed == TextLayout.printable(name) ? typed : typed + " (quoted)"
    }

    /// Field names as they are typed: one holding a space or an escape quoted.
    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.map(WordScanner.typed).joined(separator: ", ")
    }

    /// A bound: a spec's may be any finite Double (1e300), so whole numbers
    /// print as digits only where Int64 holds them exactly. A float prints
    /// as a float (`3.4028235e+38`), as a real column shows it.
    private static func shown(_ d: Double) -> String {
        if let whole = Int64(exactly: d) { return String(whole) }
        return Double(Float(d)) == d ? String(Float(d)) : String(d)
    }

    private static func range(_ low: Double?, _ high: Double?) -> String {
        switch (low, high) {
        case let (low?, high?): return "\(shown(low)) to \(shown(high))"
        case let (low?, nil): return "at least \(shown(low))"
        case let (nil, high?): return "at most \(shown(high))"
        default: return ""
        }
    }
}

extension FieldError.Expected {
    var problem: String {
        switch self {
        case .wholeNumber: return "is not a whole number"
        case .wholeNumberInRange:
            return "is too large a whole number (the limit is ±9,223,372,036,854,775,807)"
        case .number: return "is not a number"
        case .numberInRange:
            return "is out of a real's range (about ±1.8e308, and no nearer 0 than 5e-324 but 0 itself)"
        case .yesNo: return "is not a yes/no value (true, false, yes, no, 1, 0)"
        case .date: return "is not a date (YYYY-MM-DD)"
        case .dateTime: return "is not a date and time (YYYY-MM-DD HH:MM[:SS])"
        }
    }
}
