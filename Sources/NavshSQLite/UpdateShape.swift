import NavshCore

/// What a save's UPDATE text depends on, and nothing else: the table, the
/// key condition, which fields it sets and how each value is bound, and
/// which fields it checks with which storage class. Saves of the same shape (a script's thousand `set value N; save`)
/// share one text, made once (`SQLiteStore.updateSQL`): building it (the
/// exact-match condition of every field, each name quoted) cost a sixth of
/// an edit, three times SQLite's own work on the UPDATE.
struct UpdateShape: Equatable {
    var table: String
    var key: String
    /// The fields set, in declared order, each with its placeholder.
    var assigned: [String]
    var assignedPlaceholders: [String]
    /// The fields checked, in declared order, each with its storage class
    /// and placeholder (`"NULL"` for a NULL, which binds nothing).
    var matched: [String]
    var matchedForms: [String]

    /// The values bound to the UPDATE made for this shape, in the order its
    /// placeholders appear: the values set, the key's, then each checked
    /// value that binds (`ExactMatch.binds`: not NULL, not a real zero), in
    /// the order `ExactMatch.all` visits them.
    static func arguments(assigned: [Value], key: SQLArguments, matched: [Value]) -> SQLArguments {
        var arguments = SQLArguments(assigned)
        arguments += key
        let checked = matched.filter(ExactMatch.binds)
        arguments += checked
        return arguments
    }

    /// How a checked value appears in the condition.
    static func form(of value: Value) -> String {
        guard let storageClass = value.storageClass else { return "NULL" }
        if let negative = ExactMatch.zeroSign(value) { return negative ? "real -0" : "real +0" }
        return storageClass + " " + value.sqlPlaceholder
    }
}
