import Foundation
import NavshCore
import PostgresNIO

/// PostgreSQL's errors in the core's terms (`StoreError`), naming the
/// fields a refused write concerns, as `SQLiteErrorText` does for
/// SQLite. Only the server's own message and fields are used: postgres-nio's
/// description of an error is deliberately generic, and nothing here ever
/// quotes a URL or a password.
enum PostgresErrorText {
    static func translate(_ error: any Error, table: PostgresTable?, values: [String: Value] = [:]) -> any Error {
        if error is StoreError { return error }
        guard let info = fields(of: error) else {
            if let error = error as? PSQLError, error.code == .queryCancelled { return StoreError.interrupted }
            return StoreError.database(reason(error))
        }
        let state = info.sqlState
        let message = info.message ?? "the server refused it"
        let detail = info.detail
        let constraint = info.constraintName
        let named = constraint.flatMap { table?.constraints[$0] } ?? []
        switch state {
        case "23502":
            return StoreError.constraint(.notNull, fields: info.columnName.map { [$0] } ?? [], detail: message)
        case "23505":
            let fields = named.isEmpty ? keyColumns(in: detail) : named
            let isKey = table.map { !$0.key.isEmpty && Set($0.key) == Set(fields) } ?? false
            return StoreError.constraint(isKey ? .primaryKey : .unique, fields: fields, detail: detail ?? message)
        case "23514":
            // Named as SQLite names it: by its author's name, else by its expression.
            let check = constraint.flatMap { table?.checks[$0] } ?? constraint
            return StoreError.constraint(.check, fields: named, detail: check ?? message)
        case "23503":
            // From a write of this table: a value names no row. From a
            // delete: other rows still refer to this one.
            if let detail, detail.contains("is not present in table") {
                let fields = named.isEmpty ? keyColumns(in: detail) : named
                let referenced = constraint.flatMap { table?.references[$0] } ?? fields
                return StoreError.constraint(.foreignKey, fields: fields, detail: missingParent(detail, fields: referenced))
            }
            return StoreError.constraint(.foreignKey, fields: [],
                                         detail: "a reference does not match, or other rows still refer to this one")
        case "23P01":
            return StoreError.constraint(.other, fields: named, detail: "exclusion constraint \(constraint ?? ""): \(detail ?? message)")
        // Stopped by the server (statement_timeout, another session's
        // cancel): its words. Ctrl-C's cancel is the bridge's to report.
        case "57014": return StoreError.database(message)
        // Not a lock held now: the server gave up this transaction for
        // another one, and the same save may well pass when made again.
        case "40001":
            return StoreError.database("a concurrent transaction changed what this one read (serialization failure); "
                                    + "nothing changed, try again")
        case "40P01":
            return StoreError.database("deadlock with another transaction, which the server let go on; nothing changed, try again")
        case "55P03": return StoreError.rowsLocked
        case "25006", "42501": return StoreError.readOnly(message)
        case "P0001": return StoreError.constraint(.trigger, fields: [], detail: message)
        default:
            if state.hasPrefix("23") { return StoreError.constraint(.other, fields: named, detail: message) }
            if state.hasPrefix("22"), let column = info.columnName ?? column(typed: message, among: values, of: table) {
                return StoreError.database("\(column): \(message)")
            }
            return StoreError.database(message)
        }
    }

    /// The one written column whose type a value error names (`invalid
    /// input syntax for type json`): the server names no column for such
    /// an error, and a refusal must name its field.
    static func column(typed message: String, among values: [String: Value], of table: PostgresTable?) -> String? {
        guard let table else { return nil }
        let written = values.keys.filter { name in
            guard let column = table.columns[name] else { return false }
            let type = column.baseType
            // An overflow names no type: the one numeric written is the one.
            if message == "numeric field overflow" { return type == "numeric" }
            // jsonb's input is read by json's parser, whose message says json;
            // a length names the full type (`character varying(5)`).
            return (type == "jsonb" ? ["jsonb", "json"] : [type, column.type]).contains { type in
                message.hasSuffix("for type \(type)") || message.contains("for type \(type):")
            }
        }
        return written.count == 1 ? written.first : nil
    }

    /// The fields of an error the server sent.
    struct ServerFields {
        var sqlState: String
        var message: String?
        var detail: String?
        var constraintName: String?
        var columnName: String?
    }

    /// The server's fields from either error type postgres-nio throws:
    /// `PSQLError`, or the `PostgresError` its prepared statements (the
    /// older `PreparedQuery` API) turn it into. Nil for an error the server
    /// did not send.
    static func fields(of error: any Error) -> ServerFields? {
        if let error = error as? PSQLError, let info = error.serverInfo, let state = info[.sqlState] {
            return ServerFields(sqlState: state, message: info[.message], detail: info[.detail],
                                constraintName: info[.constraintName], columnName: info[.columnName])
        }
        if let error = error as? PostgresError, case .server(let info) = error, let state = info.fields[.sqlState] {
            return ServerFields(sqlState: state, message: info.fields[.message], detail: info.fields[.detail],
                                constraintName: info.fields[.constraintName], columnName: info.fields[.columnName])
        }
        return nil
    }

    /// `Key (a, b)=(1, 2) already exists.` → `["a", "b"]`.
    static func keyColumns(in detail: String?) -> [String] {
        guard let detail, let open = detail.range(of: "Key ("), let close = detail.range(of: ")=", range: open.upperBound..<detail.endIndex)
        else { return [] }
        return detail[open.upperBound..<close.lowerBound].components(separatedBy: ", ")
            .map { $0.hasPrefix("\"") && $0.hasSuffix("\"") ? String($0.dropFirst().dropLast()) : $0 }
    }

    /// `Key (owner_id)=(9) is not present in table "owners".` → `no row in
    /// owners has id = 9`: `fields` are the referenced columns when known.
    private static func missingParent(_ detail: String, fields: [String]) -> String {
        guard let valueStart = detail.range(of: ")=("), let valueEnd = detail.range(of: ") is not present"),
              valueStart.upperBound <= valueEnd.lowerBound, let tableStart = detail.range(of: "in table \"") else { return detail }
        let value = detail[valueStart.upperBound..<valueEnd.lowerBound]
        let parent = detail[tableStart.upperBound...].dropLast(2)
        return "no row in \(parent) has \(fields.joined(separator: ", ")) = \(value)"
    }

    /// One line for a failure that is not the server's refusal: the server's
    /// message when there is one, else what went wrong with the connection.
    static func reason(_ error: any Error) -> String {
        if let message = fields(of: error)?.message { return message }
        if let error = error as? PostgresError, case .connectionClosed = error { return PostgresBridge.lostConnection }
        guard let error = error as? PSQLError else {
            if let store = error as? StoreError { return store.description }
            return "\(error)"
        }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return "the connection to the server was lost"
        case .connectionError:
            // NIO's own words are a nest of types; say what they mean.
            let text = error.underlying.map { "\($0)" } ?? ""
            // TLS's refusal is a nest of BoringSSL's types; its reason, in words.
            if text.contains("CERTIFICATE_VERIFY_FAILED") {
                return "the server's certificate cannot be verified (sslmode verify-ca and verify-full need its CA trusted here)"
            }
            if text.contains("refused") { return "the connection was refused (is the server running there, on that port?)" }
            if text.lowercased().contains("timed out") || text.contains("timeout") { return "the connection timed out" }
            if text.contains("UnknownHost") || text.contains("NXDOMAIN") || text.contains("getaddrinfo") {
                return "the host name cannot be resolved"
            }
            return text.isEmpty ? "the server cannot be reached" : text
        case .sslUnsupported: return "the server does not offer TLS (sslmode asks for it)"
        case .authMechanismRequiresPassword: return "the server asks for a password and none was given (PGPASSWORD, ~/.pgpass or the URL)"
        case .unsupportedAuthMechanism: return "the server asks for an authentication method navsh cannot use"
        case .queryCancelled: return "interrupted"
        default: return "\(error.code)"
        }
    }

    /// Whether the error says the connection is gone (the statement may not have run).
    static func isConnectionLoss(_ error: any Error) -> Bool {
        if let error = error as? StoreError, case .connectionLost = error { return true }
        if let state = fields(of: error)?.sqlState {
            return state.hasPrefix("08") || state == "57P01" || state == "57P02" || state == "57P03"
        }
        if let error = error as? PostgresError {
            switch error {
            case .connectionClosed: return true
            case .protocol(let text): return text == "Unexpected connection close"
            default: return false
            }
        }
        guard let error = error as? PSQLError else { return false }
        return [.serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError].contains(error.code)
    }
}
