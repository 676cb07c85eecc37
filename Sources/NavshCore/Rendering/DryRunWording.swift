/// A dry run's messages say what would happen: `would save Ozone Baby`,
/// never `saved`, which read as if the row were written. Each command
/// words its result in the past tense; this turns the verb at the front
/// of its output, in one place for every command.
enum DryRunWording {
    static let verbs: [(done: String, would: String)] = [
        ("saved ", "would save "), ("deleted ", "would delete "), ("moved ", "would move "),
        ("undid ", "would undo "), ("renumbered ", "would renumber "), ("created ", "would create "),
        ("imported ", "would import "), ("updated ", "would update "),
    ]

    static func wording(_ output: String) -> String {
        for verb in verbs where output.hasPrefix(verb.done) {
            return verb.would + output.dropFirst(verb.done.count)
        }
        return output
    }
}
