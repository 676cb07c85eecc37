/// A field named by the first words of a command's arguments. A name or
/// label of several words (`Serial Number`) is matched whole before its
/// first word: `set Serial Number KB-9` stored `Number KB-9` in `serial`.
/// A quoted word is always one field name, so quoting says which is meant.
struct FieldPhrase {
    /// The name the words give the field, as `CollectionSchema.field(named:)` takes it.
    var name: String
    /// How many of the words it took.
    var count: Int

    /// The field named at the front of `words` (each with whether it was
    /// typed bare): the longest run of bare words that is a field's whole
    /// name or label, else the first word. Refused as ambiguous when that
    /// first word alone names another field, and the words after it could
    /// then be read otherwise (`set Serial Number 7`: the value `Number 7`).
    static func leading(_ words: [(text: String, bare: Bool)], in collection: CollectionSchema,
                        othersCanFollow: Bool = true) throws(CommandError) -> FieldPhrase {
        guard let first = words.first else { return FieldPhrase(name: "", count: 0) }
        // No longer than the longest name or label: a long value typed after
        // `set notes` is not read as a name.
        let longest = longestName(in: collection)
        let bare = min(words.prefix { $0.bare }.count, longest)
        guard bare >= 2 else { return FieldPhrase(name: first.text, count: 1) }
        for count in stride(from: bare, through: 2, by: -1) {
            let phrase = words.prefix(count).map(\.text).joined(separator: " ")
            guard let named = collection.field(named: phrase) else { continue }
            if othersCanFollow, let alone = collection.field(named: first.text), alone.name != named.name {
                throw .fields(.ambiguousFieldWords(first: first.text, firstField: alone.name,
                                                   phrase: phrase, phraseField: named.name))
            }
            return FieldPhrase(name: phrase, count: count)
        }
        return FieldPhrase(name: first.text, count: 1)
    }

    /// The most words a field's name or label has.
    static func longestName(in collection: CollectionSchema) -> Int {
        // Made once per schema: walking every field was a thousand
        // instructions on every `set`.
        collection.derived.value(\.longestName) {
            var longest = 1
            let fields = collection.fields
            for i in fields.indices {
                longest = max(longest, wordCount(fields[i].name))
                if let label = fields[i].label { longest = max(longest, wordCount(label)) }
            }
            return longest
        }
    }

    /// Asked for every field on every `set`: a name without a space is
    /// one word, found without splitting it.
    private static func wordCount(_ name: String) -> Int {
        guard name.utf8.contains(where: { $0 == 32 || $0 == 9 }) else { return 1 }
        return name.split(whereSeparator: { $0 == " " || $0 == "\t" }).count
    }

    /// The words of a line's rest as `leading` takes them, with where each
    /// ends in `rest`: split at spaces, a word holding a quote or a
    /// backslash is not bare (it is never part of a field's name).
    static func words(of rest: Substring, most: Int) -> [(text: String, bare: Bool, end: String.Index)] {
        var words: [(text: String, bare: Bool, end: String.Index)] = []
        var index = rest.startIndex
        while index < rest.endIndex, words.count < most {
            while index < rest.endIndex, rest[index] == " " || rest[index] == "\t" { index = rest.index(after: index) }
            guard index < rest.endIndex else { break }
            let start = index
            while index < rest.endIndex, rest[index] != " " && rest[index] != "\t" { index = rest.index(after: index) }
            let word = rest[start..<index]
            words.append((String(word), !word.contains { $0 == "\"" || $0 == "'" || $0 == "\\" }, index))
        }
        return words
    }

    /// `set`'s and `edit`'s field and the rest of the line after it: a
    /// label of several words takes as many words of the rest as it has,
    /// and what follows them is read as the parser reads a rest.
    static func split(_ arguments: Arguments, in collection: CollectionSchema) throws(CommandError) -> (field: String, rest: String?) {
        let first = arguments.first
        guard arguments.bare.count == 2, arguments.bare[0], arguments.bare[1], let rest = arguments.rest else {
            return (first, arguments.rest)
        }
        let longest = longestName(in: collection)
        guard longest > 1 else { return (first, rest) }
        let following = words(of: rest[...], most: longest - 1)
        let phrase = try leading([(first, true)] + following.map { ($0.text, $0.bare) }, in: collection)
        guard phrase.count > 1 else { return (first, rest) }
        var scanner = WordScanner(String(rest[following[phrase.count - 2].end...]))
        return (phrase.name, scanner.isAtEnd() ? nil : try scanner.restOfLine())
    }

}

/// The words a command was given for one field (`unset Serial Number`),
/// read once the command knows the fields.
struct TypedField: Sendable {
    var words: [String]
    var bare: [Bool]
    /// The parser's refusal of several words, for words that name no one field.
    var tooMany: CommandError

    init(_ arguments: Arguments, form: CommandForm, count: GrammarError.Count, what: String) {
        words = arguments.words
        bare = arguments.bare
        tooMany = .grammar(.argumentCount(command: form.name, count, what: what, usage: form.usage))
    }

    /// The one word typed, nil for none.
    var first: String? { words.first }

    /// The field's name as typed: a single word, or bare words that are a
    /// field's whole name or label; else the refusal of several words.
    func name(in collection: CollectionSchema) throws(CommandError) -> String {
        if words.count == 1 { return words[0] }
        // One field and nothing after it: its words can mean nothing else.
        let phrase = try FieldPhrase.leading(Array(zip(words, bare)).map { (text: $0, bare: $1) }, in: collection,
                                             othersCanFollow: false)
        guard phrase.count == words.count else { throw tooMany }
        return phrase.name
    }
}
