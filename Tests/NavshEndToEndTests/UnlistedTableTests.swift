import Foundation
import NavshTestSupport
import Testing

/// Every table of a file is a collection, or is named in the note navsh
/// opens it with, saying why: two tables whose names are not UTF-8 became
/// one unopenable entry, and FTS5 and R*Tree tables vanished unsaid.
@Suite struct UnlistedTableTests {
    let navsh = NavshBinary()

    @Test func virtualTablesAndNamesThatAreNotUTF8AreNamedInTheNote() throws {
        let db = try TemporaryDatabase("CREATE TABLE good (id INTEGER PRIMARY KEY, v TEXT);")
        // Through SQLite's C API: a name that is not UTF-8 cannot be written in a Swift or Python string.
        let script = """
            import ctypes, sys
            lib = ctypes.CDLL('libsqlite3.so.0')
            db = ctypes.c_void_p()
            assert lib.sqlite3_open(sys.argv[1].encode(), ctypes.byref(db)) == 0
            for sql in [b'CREATE TABLE "t\\xff" (id INTEGER PRIMARY KEY)', b'CREATE TABLE "t\\xfe" (id INTEGER PRIMARY KEY)', b'CREATE TABLE c (id INTEGER PRIMARY KEY, "c\\xffol" TEXT)',
                        b'CREATE VIRTUAL TABLE docs USING fts5(body)', b'CREATE VIRTUAL TABLE boxes USING rtree(id, lo, hi)']:
                assert lib.sqlite3_exec(db, sql, None, None, None) == 0, sql
            lib.sqlite3_close(db)
            """
        try PythonScript.run(script, [db.path])

        let result = try navsh.run([db.path, "-c", "show"])
        #expect(result.status == 0, "\(result.stderr)")
        // One line, its phrases in the order SQLite lists the tables.
        #expect(result.stderr.hasPrefix("navsh: left out: ") && result.stderr.hasSuffix("\n"))
        let phrases = Set(result.stderr.dropFirst("navsh: left out: ".count).dropLast().components(separatedBy: "; "))
        #expect(phrases == ["table t\\xFF: its name is not UTF-8, which navsh cannot name",
                            "table t\\xFE: its name is not UTF-8, which navsh cannot name",
                            "virtual table docs (fts5): navsh opens ordinary tables and views only",
                            "virtual table boxes (rtree): navsh opens ordinary tables and views only",
                            "8 tables holding virtual tables' data",
                            "table c (its column c\\xFFol's name is not UTF-8, which navsh cannot name)"], "\(result.stderr)")
        #expect(result.stdout.hasPrefix("good (0)"), "the one table navsh can open is opened: \(result.stdout)")
    }
}
