/// The format of an exported file, by its extension: a header row and a
/// row per record in CSV or TSV (`DelimitedText`), or one JSON object per
/// record, fields in the collection's order (JSON Lines, no header).
enum RowFileFormat {
    case csv, tsv, jsonLines

    init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "tsv": self = .tsv
        case "jsonl": self = .jsonLines
        default: return nil
        }
    }

    func header(_ names: [String]) -> [UInt8] {
        switch self {
        case .csv: return DelimitedText(kind: .csv).header(names)
        case .tsv: return DelimitedText(kind: .tsv).header(names)
        case .jsonLines: return []
        }
    }

    func row(_ values: [Value], names: [String]) -> [UInt8] {
        switch self {
        case .csv: return DelimitedText(kind: .csv).row(values)
        case .tsv: return DelimitedText(kind: .tsv).row(values)
        case .jsonLines: return Array((JSONText.object(Array(zip(names, values.map(JSONText.value)))) + "\n").utf8)
        }
    }
}
