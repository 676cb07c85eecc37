/// How a row reads in a list: `{year} {make} {model}`, with optional
/// formats after a colon: `{created:date}`, `{value:$}`, `{fuel:0.2}`.
public struct RowTemplate: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case text(String)
        case field(String, ValueFormat)
    }

    public let parts: [Part]

    /// Parses a template; the error says what is wrong, for the spec loader to place.
    public init(_ source: String) throws(CommandError) {
        var parts: [Part] = []
        var rest = Substring(source)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .grammar(.unclosedBrace(template: source))
            }
            let inside = rest[rest.index(after: open)..<close]
            let pieces = inside.split(separator: ":", maxSplits: 1).map { String($0).trimmingSpaces }
            guard let name = pieces.first, !name.isEmpty else { throw .grammar(.emptyBraces(template: source)) }
            parts.append(.field(name, try Self.format(pieces.count > 1 ? pieces[1] : "", in: source)))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    public var fields: [String] {
        parts.compactMap { if case .field(let name, _) = $0 { return name } else { return nil } }
    }

    /// The row as text; NULL fields read as nothing, and spaces left around them fold.
    public func render(_ record: Record) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .field(let name, let format): out += ValueText.formatted(record[name], format)
            }
        }
        return out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    private static func format(_ text: String, in source: String) throws(CommandError) -> ValueFormat {
        guard let format = ValueFormat(spec: text) else {
            throw .grammar(.unknownFormat(text, template: source))
        }
        return format
    }
}
