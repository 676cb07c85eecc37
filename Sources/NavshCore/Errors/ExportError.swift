/// `export FILE` refused or failed; no file was written or replaced (a
/// failure removes the half-written temporary file).
public enum ExportError: Equatable, Sendable {
    case unknownExtension(path: String)
    case exists(path: String)
    case cannotWrite(path: String, reason: String)

    var message: String {
        switch self {
        case .unknownExtension(let path):
            return "export \(TextLayout.printable(path)): name the file .csv, .tsv or .jsonl to choose the format"
        case .exists(let path):
            return "export \(TextLayout.printable(path)): the file exists; export! \(TextLayout.printable(path)) replaces it"
        case .cannotWrite(let path, let reason):
            return "export \(TextLayout.printable(path)): cannot write it: \(reason); no file was written"
        }
    }
}
