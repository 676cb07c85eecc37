import GRDB
import GRDBSQLite
import NavshCore
import NavshSQL

/// A batch save as one UPDATE for each set of rows read with the same
/// values and given the same ones (`KeyGroups`); otherwise, and for a
/// batch delete, one statement prepared once and stepped a row at a time,
/// every value bound. The
/// UPDATE checks the row's key, the values it was read with and its list
/// in its own WHERE. A save's UPDATE a row, each
/// with its own checks built and its list read again, cost five times
/// sqlite3's own UPDATE … WHERE on 100,000 rows; a temporary table joined
/// by UPDATE … FROM cost SQLite more than the rows stepped one by one.
extension SQLiteStore {
    public func writeBatch(_ batch: BatchWrite, in collection: CollectionSchema) throws -> BatchWrite.Outcome? {
        let key = try writableKey(for: collection)
        let keyColumns: [String]
        switch key.kind {
        case .rowid(let expression): keyColumns = [expression]
        case .primaryKey(let columns): keyColumns = columns.map(\.quotedIdentifier)
        case .unaddressable: return nil
        }
        // Written keys move rows; a value stored otherwise than sent is read
        // back row by row; text that must be bound as a blob has its own SQL.
        // Rows put back go one by one, each INSERT on its own as cheap as SQLite makes it.
        guard !batch.ids.isEmpty, batch.kind != .restore,
              batch.assigned.allSatisfy({ collection.field(named: $0)?.primaryKeyPosition == nil }),
              batch.ids.allSatisfy({ $0.parts.count == keyColumns.count }),
              batch.values.allSatisfy({ row in row.map { $0.allSatisfy { $0.sqlPlaceholder == "?" } } ?? true }),
              batch.held.allSatisfy({ $0.allSatisfy { $0.sqlPlaceholder == "?" } }),
              batch.ids.allSatisfy({ $0.parts.allSatisfy { $0.sqlPlaceholder == "?" } }) else { return nil }
        for (place, name) in batch.assigned.enumerated() {
            let field = collection.field(named: name)
            guard batch.values.allSatisfy({ row in row.map { Self.keptAsSent($0[place], field) } ?? true }) else { return nil }
        }
        let table = key.quotedTable
        let scope = try scoped(batch.list, nil)
        // ?1… the values written, then the key, then the values read; the
        // list's own values follow as plain `?`, numbered after them.
        let assignedCount = batch.assigned.count
        let keyAt = assignedCount + 1
        let readAt = keyAt + keyColumns.count
        let keyTest = keyColumns.enumerated().map { "\(table).\($1) IS ?\(keyAt + $0)" }.joined(separator: " AND ")
        let held = ExactMatch.balanced(batch.checked.indices.map { ExactMatch.sameAs("\(table).\(batch.checked[$0].quotedIdentifier)", "?\(readAt + $0)") })
        let condition = keyTest + " AND " + held + (scope.sql.map { " AND (\($0))" } ?? "")
        let assignments = batch.assigned.enumerated().map { "\($1.quotedIdentifier) = ?\($0 + 1)" }.joined(separator: ", ")
        let observed = rowChangeTally != nil
        // A rowid alias among the fields checked is the key itself, which
        // the sets match already: checked again, each row would be a set.
        var aliased: Int?
        if case .rowid(let expression) = key.kind { aliased = batch.checked.firstIndex { $0.quotedIdentifier == expression } }
        if batch.kind == .update, keyColumns.count == 1, let groups = KeyGroups(batch, skipping: aliased) {
            let shape = KeyGroups.Shape(table: table, key: "\(table).\(keyColumns[0])", assignments: assignments,
                                        scope: scope.sql, scopeArguments: scope.arguments.values)
            do {
                return try write(collection, values: [:]) { db in try groups.update(db, shape, observed: observed, cancellation) }
            } catch is KeyGroups.FellShort {
                // A row no longer held what it was read with: found below, row by row.
            } catch let error as StoreError {
                guard case .constraint = error else { throw error }
                return nil
            }
        }
        do {
            return try write(collection, values: [:]) { db in
                let update = batch.kind == .delete ? try db.makeStatement(sql: "DELETE FROM \(table) WHERE \(condition)")
                    : assignments.isEmpty ? nil
                    : try db.makeStatement(sql: "UPDATE OR ABORT \(table) SET \(assignments) WHERE \(condition)")
                // A row left as it is: the same test, and its assignments
                // unused. A row written is read so first for its fields watched.
                let check = try db.makeStatement(sql: "SELECT 1" + batch.watched.map { ", \(table).\($0.quotedIdentifier)" }.joined()
                                                 + " FROM \(table) WHERE \(condition)")
                let before = db.totalChangesCount
                var refused: [Int] = []
                var written = 0
                var kept = Array(repeating: 0, count: batch.watched.count)
                var arguments: [Value] = []
                for (place, id) in batch.ids.enumerated() {
                    if cancellation.isCancelled() { throw StoreError.interrupted }
                    arguments.removeAll(keepingCapacity: true)
                    arguments += batch.values[place] ?? Array(repeating: .null, count: assignedCount)
                    arguments += id.parts
                    for column in batch.held { arguments.append(column[place]) }
                    arguments += scope.arguments.values
                    if !kept.isEmpty, batch.kind == .update, batch.values[place] != nil {
                        try RowReader.stepping(db, check, arguments: SQLArguments(arguments)) { row in
                            for field in kept.indices where !RowReader.stores(row, CInt(field + 1), batch.watchedHeld[field][place]) {
                                kept[field] += 1
                            }
                        }
                    }
                    if let update, batch.kind == .delete || batch.values[place] != nil {
                        if observed {
                            try RowReader.execute(db, update, arguments: SQLArguments(arguments))
                        } else {
                            try RowReader.executeUnobserved(db, update, arguments: SQLArguments(arguments))
                        }
                        if db.changesCount == 1 { written += 1 } else { refused.append(place) }
                    } else {
                        var found = false
                        try RowReader.forEach(db, check, arguments: SQLArguments(arguments)) { _ in found = true }
                        if !found { refused.append(place) }
                    }
                }
                // Nothing is kept of a batch with a refused row.
                if !refused.isEmpty { throw Refused(places: refused) }
                return .written(reachedOtherRows: db.totalChangesCount - before > written, kept: kept)
            }
        } catch let refusal as Refused {
            return .refused(refusal.places)
        } catch let error as StoreError {
            guard case .constraint = error else { throw error }
            // Which row the store refused is found row by row.
            return nil
        }
    }

    /// Rows that no longer held what they were read with: the write taken back.
    private struct Refused: Error {
        var places: [Int]
    }
}
