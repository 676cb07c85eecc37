/// What Tab offers: `word` is the end of the typed text being completed and
/// `candidates` are full replacements for it.
public struct Completion: Equatable, Sendable {
    public var word: String
    public var candidates: [String]

    public init(word: String, candidates: [String]) {
        self.word = word
        self.candidates = candidates
    }

    static let none = Completion(word: "", candidates: [])

    /// Titles offered at most: a list longer than this is read by nobody
    /// (the prompt lists at most as many candidates, whatever their kind).
    public static let titleLimit = 200

    /// What a completion that stopped early adds to its candidates: lines
    /// starting with `…`, which no typed word starts with, so Tab lists
    /// them rather than inserting a candidate as if it were the only one.
    static func stoppedEarly(foundAny: Bool) -> [String] {
        ["… stopped early: not every row was searched"] + (foundAny ? [] : ["… type more of the title, or find TEXT"])
    }

    /// The titles of `collection`'s rows that start with `typed`, each once,
    /// read within `budget` (an index, else a bounded scan that says when it
    /// stopped early): for `open TITLE` and for a reference's `set FIELD`.
    static func titles(of collection: CollectionSchema, startingWith typed: String, in store: any StoreReader,
                       within budget: ReadBudget) -> Completion {
        guard let titleField = collection.titleField, !typed.isEmpty,
              let found = try? store.find(typed, in: titleField, of: collection, match: .prefix,
                                          limit: titleLimit, within: budget)
        else { return Completion(word: typed, candidates: []) }
        var titles: [String] = []
        for record in found.value {
            let title = RowTitle.of(record, in: collection)
            if !titles.contains(title) { titles.append(title) }
        }
        if !found.isComplete { titles += stoppedEarly(foundAny: !titles.isEmpty) }
        return Completion(word: typed, candidates: titles)
    }

    /// Whether a candidate is one of the notes `stoppedEarly` adds.
    public static func isNote(_ candidate: String) -> Bool { candidate.hasPrefix("…") }

    /// Names starting with `prefix`, ignoring case (SQLite names ignore case too).
    static func matching(_ names: [String], _ prefix: String) -> [String] {
        names.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    /// The fields a user may set in this record that start with `prefix`.
    static func editableFields(of frame: RecordFrame, _ prefix: String) -> Completion {
        Completion(word: prefix, candidates: matching(frame.collection.editableFields.map(\.name), prefix))
    }
}

extension Session {
    /// Candidates for the text before the cursor: command names first, then
    /// what the command typed takes (each command completes its own
    /// arguments: field names, choices, row numbers and titles, collections).
    public func completions(before text: String) -> Completion {
        // Candidates are typed into the line for the user: no control characters.
        let found = rawCompletions(before: text)
        return Completion(word: found.word, candidates: found.candidates.filter {
            !$0.unicodeScalars.contains(where: TextLayout.isControl)
        })
    }

    private func rawCompletions(before text: String) -> Completion {
        let typed = text.drop { $0 == " " || $0 == "\t" }
        guard let space = typed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            let prefix = String(typed)
            var names: [String] = []
            for form in CommandRegistry.offered(in: top) where form.name.hasPrefix(prefix) && !names.contains(form.name) {
                names.append(form.name)
            }
            return Completion(word: prefix, candidates: names.sorted())
        }
        guard let (_, type) = try? CommandParser.resolve(
            String(typed[..<space]), in: top.kind, abbreviations: mode == .interactive)
        else { return .none }
        let rest = String(typed[space...].drop { $0 == " " || $0 == "\t" })
        return type.complete(rest, in: self)
    }
}
