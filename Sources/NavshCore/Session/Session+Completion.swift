/// What Tab offers: `word` is the end of the typed text being completed and
/// `candidates` are full replacements for it.
public struct Completion: Equatable, Sendable {
    public var word: String
    public var candidates: [String]
    /// How a candidate reads when Tab lists them, where that says more than
    /// the candidate itself: row `3` lists as `3 Gort statue`.
    public var labels: [String: String] = [:]

    public init(word: String, candidates: [String], labels: [String: String] = [:]) {
        self.word = word
        self.candidates = candidates
        self.labels = labels
    }

    static let none = Completion(word: "", candidates: [])

    /// Titles offered at most: a list longer than this is read by nobody
    /// (the prompt lists at most as many candidates, whatever their kind).
    public static let titleLimit = 200

    /// What a completion that stopped early adds to its candidates: lines
    /// starting with `…`, which no typed word starts with, so Tab lists
    /// them rather than inserting a candidate as if it were the only one.
    /// It says how many it found, so one title is not taken for the only
    /// match (30 started with what was typed, 1 was shown).
    static func stoppedEarly(found: Int) -> [String] {
        let so = found == 0 ? "none found" : "\(found) found, more may match"
        return ["… stopped early, not every row searched: \(so)", "… type more of the title, or find TEXT lists them all"]
    }

    /// The titles of `collection`'s rows that hold `typed` anywhere, as
    /// `open TEXT` finds them, each once: those starting with it first
    /// (through an index on the title when there is one), then the rest, read
    /// within `budget` all told (a bounded scan says when it stopped early).
    /// A list cut at `titleLimit` ends with how many more match.
    static func titles(of collection: CollectionSchema, matching typed: String, in store: any StoreReader,
                       within budget: ReadBudget) -> Completion {
        guard let titleField = collection.titleField, !typed.isEmpty else { return Completion(word: typed, candidates: []) }
        let clock = ContinuousClock()
        let start = clock.now
        func left() -> ReadBudget {
            let spent = clock.now - start
            let seconds = Double(spent.components.seconds) + Double(spent.components.attoseconds) / 1e18
            return ReadBudget(rows: budget.rows, seconds: budget.seconds.map { max(0.0005, $0 - seconds) })
        }
        guard let starting = try? store.find(typed, in: titleField, of: collection, match: .prefix,
                                             limit: titleLimit, within: budget)
        else { return Completion(word: typed, candidates: []) }
        var rows = starting.value
        var complete = starting.isComplete
        if complete && rows.count < titleLimit,
           let anywhere = try? store.find(typed, in: titleField, of: collection, match: .contains,
                                          limit: titleLimit, within: left()) {
            let seen = Set(rows.map(\.id))
            rows += anywhere.value.filter { !seen.contains($0.id) }.prefix(titleLimit - rows.count)
            complete = anywhere.isComplete
        }
        // A title two rows share names neither (`open Summer Garden` is
        // refused as matching several): each is offered by its key instead,
        // which names it alone (completing the title made a command that
        // could not work).
        // Listed, such a key says who it is: `#9 Steve Johnson, 1980-01-01`.
        let named = rows.map { RowTitle.of($0, in: collection) }
        let folded = named.map { $0.lowercased() }  // `open` matches a whole title ignoring case
        let shared = rows.indices.filter { i in folded.filter { $0 == folded[i] }.count > 1 }
        let told = RowTitle.told(apart: shared.map { rows[$0] }, in: collection)
        var titles: [String] = []
        var labels: [String: String] = [:]
        for (i, (record, title)) in zip(rows, named).enumerated() {
            if let place = shared.firstIndex(of: i), let key = collection.keyValues(of: record),
               !key.isEmpty, !key.contains(where: \.isNull) {
                titles.append(ListFrame.keyText(key))
                labels[ListFrame.keyText(key)] = told[place]
            } else if !titles.contains(title) {
                titles.append(title)
            }
        }
        if rows.count >= titleLimit {
            titles.append(more(than: rows.count, typed, titleField, collection, store, left()))
        } else if !complete {
            titles += stoppedEarly(found: titles.count)
        }
        return Completion(word: typed, candidates: titles, labels: labels)
    }

    /// `… and 6,926 more (type more letters)`: the rows holding `typed`
    /// past the `shown` ones, when they can be counted within `budget`.
    private static func more(than shown: Int, _ typed: String, _ field: String, _ collection: CollectionSchema,
                             _ store: any StoreReader, _ budget: ReadBudget) -> String {
        var matching = collection
        matching.filters.append(.contains(field: field, typed))
        guard let total = (try? store.count(of: matching, within: budget)) ?? nil, total > shown else {
            return "… and more (type more letters)"
        }
        return "… and \(ValueText.grouped(String(total - shown))) more (type more letters)"
    }

    /// Whether a candidate is one of the notes `stoppedEarly` adds.
    public static func isNote(_ candidate: String) -> Bool { candidate.hasPrefix("…") }

    /// Names starting with `prefix`, ignoring case (SQLite names ignore case too).
    static func matching(_ names: [String], _ prefix: String) -> [String] {
        names.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    /// The fields a user may set in this record that start with `prefix`.
    static func editableFields(of frame: RecordFrame, _ prefix: String) -> Completion {
        fields(frame.collection.editableFields, prefix)
    }

    /// The field name being typed when `rest` (the line after the command)
    /// is still one: a word with no space, or a quoted one not yet closed
    /// (`"it`, `' s`: a quote's spaces are the name's; they completed
    /// nothing). nil once the value has begun.
    static func fieldWord(_ rest: String) -> String? {
        if let quote = rest.first, quote == "\"" || quote == "'" {
            return rest.dropFirst().contains(quote) ? nil : rest
        }
        return rest.contains(" ") || rest.contains("\t") ? nil : rest
    }

    /// Fields whose label or name starts with `prefix` (as shown, or as
    /// typed), each as it must be typed (`"it's"`, `"wei\nrd"`,
    /// `"Length (ms)"`): inserted bare, such a name left an open quote or
    /// read as another. A field with a label is
    /// offered by it, as the screen shows it (`set Len` completed nothing
    /// where the screen said `Length (ms)`; the new user's find); its
    /// column name still completes to itself.
    static func fields(_ fields: [Field], _ prefix: String) -> Completion {
        let lowered = prefix.lowercased()
        // An open quote's text is matched against the names as they are.
        let quoted = prefix.first == "\"" || prefix.first == "'" ? String(lowered.dropFirst()) : nil
        func matching(_ name: String) -> String? {
            let typed = WordScanner.typed(name)
            return name.lowercased().hasPrefix(quoted ?? lowered) || typed.lowercased().hasPrefix(lowered) ? typed : nil
        }
        let candidates = fields.compactMap { field in field.label.flatMap(matching) ?? matching(field.name) }
        return Completion(word: prefix, candidates: candidates)
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
        }, labels: found.labels.mapValues(TextLayout.printable))
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
