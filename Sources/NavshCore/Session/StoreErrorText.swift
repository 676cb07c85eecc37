/// Puts store failures in plain words that name the field and the fix.
enum StoreErrorText {
    static func explain(_ error: StoreError, frame: any Frame) -> CommandError {
        switch error {
        case .constraint(let kind, let fields, let detail):
            let names = fields.joined(separator: ", ")
            switch kind {
            case .notNull:
                let field = fields.first ?? "a field"
                return CommandError("\(field) is required (NOT NULL); set \(field) VALUE, then save again")
            case .unique, .primaryKey:
                let subject = names.isEmpty ? "this value" : names
                return CommandError("another row already has this \(subject) (\(kind.rawValue)); nothing was saved")
            case .check:
                let subject = names.isEmpty ? "the record" : names
                return CommandError("\(subject): refused by a CHECK constraint (\(detail)); nothing was saved")
            case .foreignKey:
                let subject = names.isEmpty ? "a reference" : names
                return CommandError("\(subject): \(detail) (FOREIGN KEY); nothing was saved")
            case .trigger:
                return CommandError("refused by a trigger: \(detail); nothing was written")
            case .other:
                return CommandError("refused by a constraint: \(detail); nothing was saved")
            }
        case .recordMissing:
            return CommandError("\(TextLayout.printable(frame.crumb)) no longer exists (deleted elsewhere); nothing was saved")
        case .conflict:
            return CommandError("the row changed elsewhere since it was read; nothing was written")
        case .readOnly(let detail):
            return CommandError("this cannot be written (\(detail)); nothing was saved")
        case .interrupted:
            return CommandError("interrupted; nothing changed")
        case .busy:
            return CommandError("the store is locked by another process; nothing was saved, try again")
        case .other(let detail):
            return CommandError("storage error: \(detail)")
        }
    }
}
