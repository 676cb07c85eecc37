/// The kinds of screen on the stack; each accepts its own set of commands.
public enum FrameKind: String, Sendable, CaseIterable {
    /// The list of collections of a store with several tables.
    case collections
    /// The rows of one collection.
    case list
    /// One record and its edit buffer.
    case record

    var article: String {
        switch self {
        case .collections: return "the list of collections"
        case .list: return "a list"
        case .record: return "a record"
        }
    }
}

/// Several kinds of frame (where a command form is accepted), as bits: a
/// `Set<FrameKind>` made the Swift runtime scan every protocol conformance
/// in the binary for `FrameKind: Hashable` the first time a command was
/// parsed, a twenty-fifth of start-up (bench/README.md).
struct FrameKinds: OptionSet, Sendable {
    let rawValue: UInt8

    static let collections = FrameKinds(.collections)
    static let list = FrameKinds(.list)
    static let record = FrameKinds(.record)
    /// Every kind of frame.
    static let all: FrameKinds = [.collections, .list, .record]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    init(_ kind: FrameKind) {
        switch kind {
        case .collections: rawValue = 1
        case .list: rawValue = 2
        case .record: rawValue = 4
        }
    }

    /// A bit test: OptionSet's own `contains` looked up a conformance at
    /// run time on every call, twenty a command line.
    func contains(_ kind: FrameKind) -> Bool {
        rawValue & FrameKinds(kind).rawValue != 0
    }
}
