/// Store failures in plain words: on their own (`description`, where an
/// error is printed as it is, such as opening a file), in the context of a
/// command (`CommandError.store`, naming the field and the fix), and for an
/// error no store translated (`CommandError(unexpected:)`), so that Swift's
/// debug form (`other("…")`, `Optional(…)`) never reaches a person.
extension StoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .constraint(let kind, let fields, let detail):
            let subject = fields.isEmpty ? "" : fields.joined(separator: ", ") + ": "
            return "\(subject)refused by a \(kind.rawValue) constraint (\(detail))"
        case .recordMissing: return "the row no longer exists"
        case .conflict: return "the row changed elsewhere since it was read"
        case .readOnly(let detail): return "cannot be written: \(detail)"
        case .busy: return "locked by another process"
        case .rowsLocked: return "locked by another session"
        case .interrupted: return "interrupted"
        case .connectionLost(let detail): return detail
        case .database(let detail): return detail.isEmpty ? "the store failed without saying why" : detail
        case .noTable(let name): return "no table named \(name)"
        case .unknownFields(let names): return "unknown fields: \(names.joined(separator: ", "))"
        case .identityDoesNotFit(let table): return "record identity does not fit table \(table)"
        case .listPositionDoesNotFit: return "a list position that does not fit this list"
        case .malformedRow(let table, let problem): return "a row of \(table) \(problem)"
        case .changedWhileRead(let name): return "\(name) changed while it was read"
        case .transactionAlreadyOpen: return "a transaction is already open"
        case .commitRefused(let reason): return "its COMMIT would be refused: \(reason); nothing was written"
        case .cannotConnect(let target, let reason): return "cannot connect to \(target): \(reason)"
        case .undoStorage(let problem): return problem
        case .unsupported(let reason): return reason
        }
    }

    /// What a command says when the store refused it; `crumb` names the
    /// record the command was working on.
    func explained(at crumb: String) -> String {
        switch self {
        case .constraint(let kind, let fields, let detail):
            let names = fields.joined(separator: ", ")
            switch kind {
            case .notNull:
                let field = fields.first ?? "a field"
                return "\(field) is required (NOT NULL); set \(field) VALUE, then save again"
            case .unique, .primaryKey:
                let subject = names.isEmpty ? "this value" : names
                return "another row already has this \(subject) (\(kind.rawValue)); nothing was saved"
            case .check:
                let subject = names.isEmpty ? "the record" : names
                return "\(subject): refused by a CHECK constraint (\(detail)); nothing was saved"
            case .foreignKey:
                let subject = names.isEmpty ? "a reference" : names
                return "\(subject): \(detail) (FOREIGN KEY); nothing was saved"
            case .trigger:
                return "refused by a trigger: \(detail); nothing was written"
            case .other:
                return "refused by a constraint: \(detail); nothing was saved"
            }
        case .recordMissing:
            // Said after a save, a delete or a read alike: nothing changed in any.
            return "\(TextLayout.printable(crumb)) no longer exists (deleted elsewhere); nothing changed"
        case .conflict:
            return "the row changed elsewhere since it was read; nothing was written"
        case .readOnly(let detail):
            return "this cannot be written (\(detail)); nothing was saved"
        case .interrupted:
            return "interrupted; nothing changed"
        case .busy:
            return "the store is locked by another process; nothing changed, try again"
        case .rowsLocked:
            return "another session holds a lock on these rows until its transaction ends; nothing changed, try again"
        case .connectionLost(let detail):
            return detail
        case .database, .noTable, .unknownFields, .identityDoesNotFit, .listPositionDoesNotFit, .malformedRow,
             .changedWhileRead, .transactionAlreadyOpen, .commitRefused, .cannotConnect, .undoStorage, .unsupported:
            return Self.failed(description)
        }
    }
}

extension StoreError {
    /// The same failure with its fields named as `collection`'s screen
    /// names them (a spec's labels), so the error and the screen agree.
    func naming(fieldsOf collection: CollectionSchema?) -> StoreError {
        guard let collection, case .constraint(let kind, let fields, let detail) = self else { return self }
        return .constraint(kind, fields: fields.map { collection.field(named: $0)?.shownName ?? $0 }, detail: detail)
    }

    /// A failure the core has no better words for than the store's own.
    static func failed(_ words: String) -> String { "storage error: \(words)" }
}

extension CommandError {
    /// An error no store translated into a `StoreError` (a driver's own,
    /// a file system's), in plain words.
    public init(unexpected error: any Error) {
        self = .unexpected(Self.plainWords(error))
    }

    /// An error's own words when it has them (`StoreError`, a driver's
    /// described errors), otherwise its kind: never Swift's debug form.
    static func plainWords(_ error: any Error) -> String {
        if let described = error as? any CustomStringConvertible {
            let words = described.description
            if !words.isEmpty { return words }
        }
        return "an unexpected error (\(String(describing: type(of: error))))"
    }
}
