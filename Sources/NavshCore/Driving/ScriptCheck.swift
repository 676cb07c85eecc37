/// A script file read whole and checked before its first line runs: a
/// command no frame knows, arguments no form of it takes, a quote never
/// closed, or a `set` of a field no table of the store has. Such a script
/// would stop part way, its first lines written; checked first, none runs.
/// What depends on the data (a row, a value) is still found as it runs.
public enum ScriptCheck {
    public struct Problem: Equatable, Sendable {
        /// The line, counting from 1.
        public var line: Int
        public var message: String
    }

    public static func problems(in lines: [String], collections: [CollectionSchema]) -> [Problem] {
        var problems: [Problem] = []
        var valueLine = false
        // A line seen before (`save`, `back`) is judged once: checking every
        // line of a 1,000-edit script cost a fifth of each edit.
        var judged: [String: String?] = [:]
        var homes: [String: [FrameKind]] = [:]
        // Lines of one shape that passed (`set value 5`, `open #138`): the
        // next of that shape passes too, unread. A field's shape counts
        // only when a table has a field of exactly that name (a label of
        // several words is read whole by the full check).
        var passedShapes: Set<Shape> = []
        var fieldNames: [Substring: Bool] = [:]
        for (index, line) in lines.enumerated() {
            // The line after `edit FIELD` is its value, not a command.
            if valueLine {
                valueLine = false
                continue
            }
            // As the runner reads it: an `edit` owns the next line, whether or not it is refused.
            valueLine = Session.ownsValueLine(Array(line.utf8))
            var shape = Self.shape(of: line)
            if let field = shape?.field {
                let named = fieldNames[field] ?? collections.contains { $0.field(named: String(field)) != nil }
                fieldNames[field] = named
                if !named { shape = nil }
            }
            if let shape, passedShapes.contains(shape) { continue }
            let message: String?
            if let known = judged[line] {
                message = known
            } else {
                message = problem(in: line, collections, homes: &homes)
                judged[line] = message
            }
            if message == nil, let shape { passedShapes.insert(shape) }
            if let message { problems.append(Problem(line: index + 1, message: message)) }
        }
        return problems
    }

    /// A line's shape, which decides whether its command takes it: the
    /// command word, how many words follow, and for `set`, `unset` and
    /// `edit` the field named. Nil for a line with quotes or escapes,
    /// whose words only the scanner can count, and for commands whose
    /// words say more than their number (`sort name up`).
    struct Shape: Hashable {
        var word: Substring
        var count: Int
        /// The field a `set`, `unset` or `edit` names.
        var field: Substring?
    }

    static func shape(of line: String) -> Shape? {
        // One pass over the bytes: no split, no string made per line.
        let bytes = line.utf8
        var count = 0
        var inWord = false
        var first: Range<String.Index>?
        var second: Range<String.Index>?
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x22 || byte == 0x27 || byte == 0x5C { return nil }
            let space = byte == 0x20 || byte == 0x09
            if space && inWord {
                if count == 1 { first = start..<index } else if count == 2 { second = start..<index }
                inWord = false
            } else if !space && !inWord {
                count += 1
                start = index
                inWord = true
            }
            index = bytes.index(after: index)
        }
        if inWord { if count == 1 { first = start..<index } else if count == 2 { second = start..<index } }
        guard let first else { return nil }
        let word = line[first]
        if Self.counted.contains(where: { $0 == word }) { return Shape(word: word, count: count, field: nil) }
        guard word == "set" || word == "unset" || word == "edit", let second else { return nil }
        return Shape(word: word, count: count, field: line[second])
    }

    /// Commands whose words are checked only by how many there are.
    private static let counted = ["open", "delete", "save", "back", "cancel", "show", "next", "prev", "revert", "page"]

    /// What is wrong with one line, nil when nothing is.
    private static func problem(in line: String, _ collections: [CollectionSchema],
                                homes: inout [String: [FrameKind]]) -> String? {
        do throws(CommandError) {
            guard let word = try command(of: line, homes: &homes) else { return nil }
            if ["set", "unset", "edit"].contains(word), let field = try unknownField(in: line, collections) {
                return "\(word): no table of the store has a field '\(TextLayout.printable(field))'"
            }
            return nil
        } catch {
            return error.message
        }
    }

    /// The command word of a line some frame takes as it is written; nil
    /// for a blank line or a comment. Throws why no frame would take it.
    private static func command(of line: String, homes known: inout [String: [FrameKind]]) throws(CommandError) -> String? {
        var scanner = WordScanner(line)
        let trimmed = line.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        guard let word = try scanner.next() else { return nil }
        let homes: [FrameKind]
        if let found = known[word] {
            homes = found
        } else {
            homes = FrameKind.allCases.filter { CommandRegistry.named(word, in: $0) != nil }
            known[word] = homes
        }
        // No frame knows it: the parser's own words (the nearest name).
        guard let first = homes.first else { return try CommandParser.commandName(of: line, in: .list) }
        var refusal: CommandError?
        for kind in homes {
            do throws(CommandError) {
                return try CommandParser.commandName(of: line, in: kind)
            } catch {
                refusal = refusal ?? error
            }
        }
        throw refusal ?? .grammar(.worksIn(word, frames: homes, here: first))
    }

    /// The field a `set`, `unset` or `edit` names when no collection has it.
    private static func unknownField(in line: String, _ collections: [CollectionSchema]) throws(CommandError) -> String? {
        var scanner = WordScanner(line)
        _ = try scanner.next()
        let words = try scanner.remainingWordsMarked()
        guard let first = words.first else { return nil }
        for collection in collections {
            let phrase = (try? FieldPhrase.leading(words, in: collection)) ?? FieldPhrase(name: first.text, count: 1)
            if collection.field(named: phrase.name) != nil || collection.field(named: first.text) != nil { return nil }
        }
        return first.text
    }
}
