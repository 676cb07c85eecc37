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
        for (index, line) in lines.enumerated() {
            // The line after `edit FIELD` is its value, not a command.
            if valueLine {
                valueLine = false
                continue
            }
            // As the runner reads it: an `edit` owns the next line, whether or not it is refused.
            valueLine = Session.ownsValueLine(Array(line.utf8))
            do throws(CommandError) {
                guard let word = try command(of: line) else { continue }
                if ["set", "unset", "edit"].contains(word), let field = try unknownField(in: line, collections) {
                    problems.append(Problem(line: index + 1, message: "\(word): no table of the store has a field '\(TextLayout.printable(field))'"))
                }
            } catch {
                problems.append(Problem(line: index + 1, message: error.message))
            }
        }
        return problems
    }

    /// The command word of a line some frame takes as it is written; nil
    /// for a blank line or a comment. Throws why no frame would take it.
    private static func command(of line: String) throws(CommandError) -> String? {
        var scanner = WordScanner(line)
        let trimmed = line.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        guard let word = try scanner.next() else { return nil }
        let homes = FrameKind.allCases.filter { CommandRegistry.named(word, in: $0) != nil }
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
