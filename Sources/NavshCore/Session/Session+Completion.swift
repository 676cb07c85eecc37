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
}

extension Session {
    /// Candidates for the text before the cursor, knowing the frame: command
    /// names first, then field names after `set`, `unset`, `edit` and
    /// `revert`, yes/no values of boolean fields, row numbers and titles (or
    /// collection names) after `open`.
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
            return Completion(word: prefix, candidates: commandNames().filter { $0.hasPrefix(prefix) })
        }
        guard let spec = try? CommandParser.resolve(
            String(typed[..<space]), in: top.kind, abbreviations: mode == .interactive)
        else { return .none }
        let rest = String(typed[space...].drop { $0 == " " || $0 == "\t" })
        let lastWord = String(rest.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        let restIsOneWord = !rest.contains(" ") && !rest.contains("\t")

        switch (spec.name, top) {
        case ("open", let root as CollectionsFrame):
            return Completion(word: rest, candidates: matching(root.collections.map(\.name), rest))
        case ("open", let list as ListFrame):
            return Completion(word: rest, candidates: rowCandidates(list, rest))
        case ("open", let frame as RecordFrame):
            let names = frame.collection.fields.filter { $0.references != nil }.map(\.name)
                + relatedCollections(of: frame).map(\.0.name)
            return Completion(word: rest, candidates: matching(names, rest))
        case ("delete", let list as ListFrame) where restIsOneWord:
            return Completion(word: rest, candidates: pageNumbers(list).filter { $0.hasPrefix(rest) })
        case ("set", let frame as RecordFrame), ("unset", let frame as RecordFrame), ("edit", let frame as RecordFrame):
            if restIsOneWord {
                return Completion(word: rest, candidates: matching(frame.collection.editableFields.map(\.name), rest))
            }
            guard spec.name == "set", let field = frame.collection.field(named: String(rest.prefix { $0 != " " }))
            else { return .none }
            if !field.choices.isEmpty {
                // An enum's value is the rest of the line: choices may hold spaces.
                let value = String(rest.drop { $0 != " " }.drop { $0 == " " })
                return Completion(word: value, candidates: matching(field.choices, value))
            }
            guard field.kind == .boolean else { return .none }
            return Completion(word: lastWord, candidates: matching(["false", "true"], lastWord))
        case ("revert", let frame as RecordFrame) where restIsOneWord:
            let unsaved = frame.unsavedFields
            return Completion(word: rest, candidates: matching(unsaved.isEmpty ? frame.collection.fields.map(\.name) : unsaved, rest))
        case ("help", _) where restIsOneWord:
            return Completion(word: rest, candidates: commandNames().filter { $0.hasPrefix(rest) })
        default:
            return .none
        }
    }

    private func commandNames() -> [String] {
        var names: [String] = []
        for spec in CommandSpec.accepted(in: top.kind) where !names.contains(spec.name) { names.append(spec.name) }
        return names.sorted()
    }

    /// Names starting with `prefix`, ignoring case (SQLite names ignore case too).
    private func matching(_ names: [String], _ prefix: String) -> [String] {
        names.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }

    private func pageNumbers(_ list: ListFrame) -> [String] {
        guard let page = try? page(of: list, size: viewport().pageSize) else { return [] }
        return page.rows.indices.map { String(page.index * page.size + $0 + 1) }
    }

    /// Digits complete row numbers on the page shown; text completes titles
    /// that start with it, across the whole collection.
    private func rowCandidates(_ list: ListFrame, _ typed: String) -> [String] {
        if !typed.isEmpty && typed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return pageNumbers(list).filter { $0.hasPrefix(typed) }
        }
        guard let titleField = list.collection.titleField, !typed.isEmpty,
              let found = try? store.find(typed, in: titleField, of: list.collection, match: .prefix,
                                          limit: CompletionLimit.titles)
        else { return typed.isEmpty ? pageNumbers(list) : [] }
        var titles: [String] = []
        for record in found {
            let title = RowTitle.of(record, in: list.collection)
            if !titles.contains(title) { titles.append(title) }
        }
        return titles
    }
}

enum CompletionLimit {
    /// Titles offered at most: a list longer than this is read by nobody.
    static let titles = 200
}
