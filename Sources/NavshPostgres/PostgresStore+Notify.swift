import NavshCore
import NavshSQL

/// `--install-notify` and `--uninstall-notify`: a trigger function in the
/// schema and an AFTER INSERT OR UPDATE OR DELETE trigger per table that
/// `pg_notify` the channel `PostgresListener` listens on, with the schema,
/// table, operation and key of each row written (JSON). The key's columns
/// are the trigger's arguments, so one function serves every table.
extension PostgresStore {
    /// The channel every navsh trigger notifies.
    public static let notifyChannel = "navsh_changes"
    /// The name of the trigger on each table and of its function.
    static let notifyTrigger = "navsh_notify"

    /// Installs the trigger on each table named (matched as `open` matches,
    /// ignoring case), in one transaction: all or none. Returns the tables'
    /// names as stored.
    public func installNotify(on names: [String]) throws -> [String] {
        let chosen = try names.map { name -> PostgresTable in
            guard let collection = collection(named: name), let table = tables[collection.name] else {
                throw StoreError.noTable("\(name) in schema \(schema)")
            }
            if table.readOnlyReason != nil || table.key.isEmpty {
                throw StoreError.unsupported("\(table.name) is not a table with a primary key; notify needs a key to name rows by")
            }
            return table
        }
        // A trigger of the user's that shares the name is theirs: it was dropped and replaced.
        let theirs = try tablesWithNotifyTrigger(ours: false)
        if let table = chosen.first(where: { theirs.contains($0.name) }) {
            throw StoreError.unsupported("\(table.name) has a trigger named \(Self.notifyTrigger) that is not navsh's; rename it, then install")
        }
        let function = schema.quotedIdentifier + "." + Self.notifyTrigger.quotedIdentifier
        var statements = ["""
            CREATE OR REPLACE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $navsh$
            DECLARE
                written json;
                payload text;
            BEGIN
                IF TG_OP = 'DELETE' THEN written := to_json(OLD); ELSE written := to_json(NEW); END IF;
                payload := json_build_object('schema', TG_TABLE_SCHEMA, 'table', TG_TABLE_NAME, 'op', lower(TG_OP),
                    'key', (SELECT json_agg(written -> name ORDER BY place) FROM unnest(TG_ARGV) WITH ORDINALITY AS k(name, place)))::text;
                -- A NOTIFY payload holds less than 8000 bytes: a long key is left out (any row may then have changed).
                IF octet_length(payload) > 7900 THEN
                    payload := json_build_object('schema', TG_TABLE_SCHEMA, 'table', TG_TABLE_NAME, 'op', lower(TG_OP))::text;
                END IF;
                PERFORM pg_notify(\(Self.notifyChannel.pgLiteral), payload);
                RETURN NULL;
            END
            $navsh$
            """]
        for table in chosen {
            let trigger = Self.notifyTrigger.quotedIdentifier
            statements.append("DROP TRIGGER IF EXISTS \(trigger) ON \(table.quotedName)")
            statements.append("CREATE TRIGGER \(trigger) AFTER INSERT OR UPDATE OR DELETE ON \(table.quotedName) FOR EACH ROW "
                + "EXECUTE FUNCTION \(function)(\(table.key.map(\.pgLiteral).joined(separator: ", ")))")
        }
        try inOneTransaction(statements)
        return chosen.map(\.name)
    }

    /// Removes the trigger from each table named, or from every table of
    /// the schema that has it when none is named; the function goes with
    /// the last trigger. Returns the tables it was removed from.
    public func uninstallNotify(from names: [String]) throws -> [String] {
        let installed = try tablesWithNotifyTrigger(ours: true)
        let chosen = try names.isEmpty ? installed : names.map { name in
            guard let match = installed.first(where: { $0 == name }) ?? installed.first(where: { $0.lowercased() == name.lowercased() })
            else { throw StoreError.unsupported("\(name) has no navsh notify trigger in schema \(schema)") }
            return match
        }
        var statements = chosen.map { "DROP TRIGGER IF EXISTS \(Self.notifyTrigger.quotedIdentifier) ON \($0.quotedIdentifier)" }
        if Set(installed) == Set(chosen) {
            statements.append("DROP FUNCTION IF EXISTS \(schema.quotedIdentifier).\(Self.notifyTrigger.quotedIdentifier)()")
        }
        try inOneTransaction(statements)
        return chosen
    }

    /// The schema's tables with a trigger of navsh's name whose function
    /// is navsh's (`ours`), or another: a user's trigger may share the
    /// name, and was dropped by both install and uninstall.
    private func tablesWithNotifyTrigger(ours: Bool) throws -> [String] {
        var parameters = Parameters()
        let name = parameters.bind(Self.notifyTrigger)
        let sql = """
            SELECT c.relname::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
            WHERE t.tgname = \(name)
              AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = \(parameters.bind(schema)))
              AND \(ours ? "" : "NOT ")(p.proname = \(name) AND p.pronamespace = c.relnamespace) ORDER BY 1
            """
        return try rows(sql, parameters).compactMap { $0.first ?? nil }
    }

    private func inOneTransaction(_ statements: [String]) throws {
        try transaction(rollback: false) {
            for statement in statements {
                do { try bridge.execute(statement) } catch { throw StoreError.database(PostgresErrorText.reason(error)) }
            }
        }
    }
}
