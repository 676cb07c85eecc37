/* The physical limit for navsh's per-edit cost ("as fast as sqlite3"):
 * the same transactions as the edit script, written straight on the
 * SQLite API.
 *
 * Usage: bench-edits FILE < EDITS
 *   EDITS: one edit a line, "KEY VALUE": BEGIN IMMEDIATE; UPDATE items SET
 *   value = VALUE WHERE id = KEY; COMMIT. No edits: open and close only
 *   (bench.py subtracts that run, as it does navsh's empty script).
 *
 * The connection is set up as navsh's is (GRDB: foreign keys on, a busy
 * timeout) and nothing else: the file keeps its journal mode (WAL in the
 * benchmark) and SQLite's default synchronous setting, as navsh does, so
 * every commit is as durable as a navsh save. The statements are prepared
 * once, which navsh cannot beat: it must also read the row it opens and
 * check the saved values against it.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "bench-edits: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    exit(1);
}

static void run(sqlite3 *db, sqlite3_stmt *statement, const char *what) {
    if (sqlite3_step(statement) != SQLITE_DONE) fail(db, what);
    sqlite3_reset(statement);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: bench-edits FILE < EDITS (lines: KEY VALUE)\n");
        return 2;
    }
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) fail(db, "open");
    sqlite3_busy_timeout(db, 5000);
    if (sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) != SQLITE_OK) fail(db, "foreign_keys");
    sqlite3_stmt *begin, *update, *commit;
    if (sqlite3_prepare_v2(db, "BEGIN IMMEDIATE", -1, &begin, NULL) != SQLITE_OK) fail(db, "prepare BEGIN");
    if (sqlite3_prepare_v2(db, "UPDATE items SET value = ? WHERE id = ?", -1, &update, NULL) != SQLITE_OK)
        fail(db, "prepare UPDATE");
    if (sqlite3_prepare_v2(db, "COMMIT", -1, &commit, NULL) != SQLITE_OK) fail(db, "prepare COMMIT");
    long long key, value;
    while (scanf("%lld %lld", &key, &value) == 2) {
        run(db, begin, "BEGIN");
        sqlite3_bind_int64(update, 1, value);
        sqlite3_bind_int64(update, 2, key);
        run(db, update, "UPDATE");
        if (sqlite3_changes(db) != 1) fail(db, "UPDATE changed no row");
        run(db, commit, "COMMIT");
    }
    sqlite3_finalize(begin);
    sqlite3_finalize(update);
    sqlite3_finalize(commit);
    if (sqlite3_close(db) != SQLITE_OK) fail(db, "close");
    return 0;
}
