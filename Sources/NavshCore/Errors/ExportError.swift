/// `export FILE` refused or failed; no file was written or replaced (a
/// failure removes the half-written temporary file).
public enum ExportError: Equatable, Sendable {
    case unknownExtension(path: String)
    case exists(path: String)
    case cannotWrite(path: String, reason: String)
    /// Ctrl-C stopped it: the file was neither written nor replaced.
    case interrupted(path: String)

    /// The file named, as the user typed it.
    var path: String {
        switch self {
        case .unknownExtension(let path), .exists(let path), .cannotWrite(let path, _),
             .interrupted(let path): return path
        }
    }

    var message: String {
        // A user's path may hold anything: escaped before it reaches a terminal.
        let file = TextLayout.printable(path)
        let words: String
        switch self {
        case .unknownExtension: words = "name the file .csv, .tsv or .jsonl to choose the format"
        case .exists: words = "the file exists; export! \(file) replaces it"
        case .cannotWrite(_, let reason): words = "cannot write it: \(reason); no file was written"
        case .interrupted: words = "interrupted; the file was not written"
        }
        return "export \(file): " + words
    }
}
