import NavshCore
import Yams

/// A YAML error in one short line: where, and what the parser met, without
/// the document itself (Yams's description quotes the offending line, which
/// for a one-line 400 KB document is 400 KB, and a deep nesting's whole run
/// of brackets).
enum YAMLProblem {
    /// Longest problem text kept, in characters.
    static let limit = 120

    static func words(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            var text = problem.contains("Maximum nesting level") ? "nested too deeply" : problem
            if let context, !context.text.isEmpty { text = context.text + ": " + text }
            return short(text) + " (line \(mark.line), column \(mark.column))"
        case .reader(let problem, _, _, _):
            return short(problem)
        default:
            return short(String(describing: error))
        }
    }

    /// One printable line, cut to `limit` characters.
    private static func short(_ text: String) -> String {
        let line = TextLayout.printable(text.split(whereSeparator: \.isNewline).joined(separator: " "))
        return line.count > limit ? String(line.prefix(limit)) + "…" : line
    }
}
