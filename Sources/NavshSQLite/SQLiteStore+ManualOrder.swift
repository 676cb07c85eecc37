import Foundation
import GRDB
import NavshCore

/// `move N M`: rewriting a manual-order column 1, 2, 3… in one transaction.
extension SQLiteStore {
    public func renumber(_ ids: [RecordID], field: String, in collection: CollectionSchema) throws {
        let key = try writableKey(for: collection)
        let name = try collection.declaredOrder(of: [field])[0].sqlIdentifier
        try write(collection, values: [:]) { db in
            // A UNIQUE position column cannot pass through a state where two
            // rows hold the same number: park every row below the lowest
            // value first, then number them.
            if try Self.isUnique(field, in: key.table, db),
               let lowest = try Int64.fetchOne(db, sql: "SELECT min(min(\(name)), 0) FROM \(key.quotedTable)"),
               lowest > Int64.min + Int64(ids.count) + 1 {
                for (i, id) in ids.enumerated() {
                    let condition = try key.matching(id)
                    var arguments: SQLArguments = [.integer(lowest - 1 - Int64(i))]
                    arguments += condition.arguments
                    try db.execute(sql: "UPDATE OR ABORT \(key.quotedTable) SET \(name) = ? WHERE \(condition.sql)",
                                   arguments: arguments.statementArguments)
                }
            }
            for (i, id) in ids.enumerated() {
                let condition = try key.matching(id)
                let same = ExactMatch.sql(name, .integer(Int64(i + 1)))
                var arguments: SQLArguments = [.whole(i + 1)]
                arguments += same.values
                arguments += condition.arguments
                try db.execute(sql: "UPDATE OR ABORT \(key.quotedTable) SET \(name) = ? WHERE NOT \(same.sql) AND \(condition.sql)",
                               arguments: arguments.statementArguments)
            }
        }
    }

    /// Whether a UNIQUE index or constraint covers `column` (alone or with others).
    static func isUnique(_ column: String, in table: String, _ db: Database) throws -> Bool {
        let indexes = try Row.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?) WHERE \"unique\" = 1",
                                       arguments: [table])
        for index in indexes {
            let name: String = index["name"]
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?)", arguments: [name])
            if columns.contains(where: { $0.lowercased() == column.lowercased() }) { return true }
        }
        return false
    }
}
