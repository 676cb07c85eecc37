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
