import GRDB
import NavshCore
import NavshSQL

/// Translates GRDB's errors into `StoreError`, naming the fields involved so
/// the core can say which value to fix.
enum SQLiteErrorText {
    static func translate(_ error: Error, table: String, fields: [String], db: Database? = nil,
                          values: [String: Value] = [:]) -> Error {
        guard let error = error as? DatabaseError else { return error }
        switch error.extendedResultCode {
        case .SQLITE_CONSTRAINT_NOTNULL:
            return StoreError.constraint(.notNull, fields: columns(in: error.message), detail: error.message ?? "")
        case .SQLITE_CONSTRAINT_UNIQUE:
            return StoreError.constraint(.unique, fields: columns(in: error.message), detail: error.message ?? "")
        case .SQLITE_CONSTRAINT_PRIMARYKEY:
            return StoreError.constraint(.primaryKey, fields: columns(in: error.message), detail: error.message ?? "")
        case .SQLITE_CONSTRAINT_CHECK:
            let detail = (error.message ?? "").replacingOccurrences(of: "CHECK constraint failed: ", with: "")
            return StoreError.constraint(.check, fields: mentioned(fields, in: detail), detail: detail)
        case .SQLITE_CONSTRAINT_TRIGGER where error.message != "FOREIGN KEY constraint failed":
            return StoreError.constraint(.trigger, fields: [], detail: error.message ?? "a trigger refused it")
        case .SQLITE_CONSTRAINT_FOREIGNKEY, .SQLITE_CONSTRAINT_TRIGGER:
            // ON UPDATE/DELETE RESTRICT is enforced as a trigger would be, in
            // SQLite's words for a foreign key: said as one (it read "refused by
            // a trigger").
            if let db, let found = missingParent(db, table: table, values: values) { return found }
            return StoreError.constraint(.foreignKey, fields: [], detail: "a reference does not match, or other rows still refer to this one")
        default:
            break
        }
        switch error.resultCode {
        case .SQLITE_CONSTRAINT:
            return StoreError.constraint(.other, fields: [], detail: error.message ?? "constraint failed")
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM:
            return StoreError.readOnly(error.message ?? "read-only")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError.busy
        case .SQLITE_INTERRUPT:
            return StoreError.interrupted
        default:
            return StoreError.database(error.message ?? "\(error)")
        }
    }

    /// `NOT NULL constraint failed: Items.name, Items.serial` → `["name", "serial"]`.
    private static func columns(in message: String?) -> [String] {
        guard let message, let colon = message.range(of: ": ") else { return [] }
        return message[colon.upperBound...].components(separatedBy: ", ").map { qualified in
            qualified.split(separator: ".", maxSplits: 1).last.map(String.init) ?? qualified
        }
    }

    /// Field names that appear as words in a CHECK expression.
    private static func mentioned(_ fields: [String], in expression: String) -> [String] {
        let words = Set(expression.lowercased()
            .split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        return fields.filter { words.contains($0.lowercased()) }
    }

    /// For an insert or update that broke a foreign key: which written field
    /// points at a row that does not exist.
    private static func missingParent(_ db: Database, table: String, values: [String: Value]) -> StoreError? {
        guard let keys = try? Row.fetchAll(
            db, sql: "SELECT id, \"table\" AS parent, \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq",
            arguments: [table]) else { return nil }
        for key in keys {
            let from: String = key["from"]
            let parent: String = key["parent"]
            guard let value = values[from], !value.isNull else { continue }
            let to: String? = key["to"]
            let target = to ?? "rowid"
            let exists = try? Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM \(parent.quotedIdentifier) WHERE \(target.quotedIdentifier) = ?)",
                arguments: [value.databaseValue])
            if exists == false {
                return StoreError.constraint(
                    .foreignKey, fields: [from],
                    detail: "no row in \(parent) has \(target) = \(ValueText.raw(value))")
            }
        }
        return nil
    }
}

import Foundation
