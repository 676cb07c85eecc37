import Foundation
@testable import NavshCore
import NavshTestSupport
import Testing

/// Columns whose type carries a length (`char(2)`, `varchar(5)`, `bit(4)`)
/// hold and find exactly the value typed, on every store. PostgreSQL
/// checks the length when the value is stored; SQLite keeps any length.
@Suite struct LengthTypedColumnConformanceTests {
    static let schema = """
        CREATE TABLE codes (code char(2) PRIMARY KEY, name TEXT, c5 char(5), b bit(4), v varchar(5));
        INSERT INTO codes (code, name) VALUES ('D', 'Deutschmark'), ('DE', 'Germany'), ('F', 'Franc'), ('FR', 'France');
        CREATE TABLE currencies (code char(3) PRIMARY KEY, name TEXT);
        """

    @Test(arguments: StoreKind.all)
    func aKeyOfTwoLettersNamesItsOwnRowAlone(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open codes", "open #DE", "set name Deutschland", "set c5 xyz", "set b 1010", "save",
                          "delete #FR")
        let byCode = Dictionary(uniqueKeysWithValues: try fixture.rows("codes").map { (Self.code($0["code"]), $0) })
        #expect(byCode.keys.sorted() == ["D", "DE", "F"], "delete #FR took FR alone")
        #expect(byCode["D"]?["name"] == .text("Deutschmark"), "open #DE opened DE, not D")
        #expect(byCode["DE"]?["name"] == .text("Deutschland"))
        #expect((byCode["DE"]?["c5"]).map(Self.code) == "xyz", "char(5) keeps three letters, not one")
        #expect((byCode["DE"]?["b"]).map(Self.code) == "1010", "bit(4) takes four bits")
    }

    @Test(arguments: StoreKind.all)
    func aNewKeyOfThreeLettersIsStoredWhole(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open currencies", "new", "set code GBP", "set name Pound", "save", "open #GBP")
        #expect(try fixture.column("currencies", "code").map(Self.code) == ["GBP"])
        #expect(session.execute("show").output.contains("Pound"))
    }

    /// The one difference: a value longer than the column's length. Where
    /// the store checks lengths, `set` refuses it at once.
    @Test(arguments: StoreKind.all)
    func aValueTooLongForItsColumnIsRefusedWhereTheStoreChecksLengths(kind: StoreKind) throws {
        let fixture = try kind.make(Self.schema)
        let session = Session(store: fixture.store, mode: .script)
        try session.setUp("open codes", "open #DE")
        let set = session.execute("set v abcdefgh")
        let save = session.execute("save")
        let stored = try fixture.row("codes", "name", .text("Germany"))["v"]
        if kind.checksLengths {
            #expect(set.error?.message == "v: 8 characters, but it takes at most 5 characters")
            #expect(session.execute("describe v").output.contains("  length  at most 5 characters\n"))
            #expect(save.error == nil && stored == .null, "nothing cut and stored")
        } else {
            #expect(set.error == nil)
            #expect(save.error == nil)
            #expect(stored == .text("abcdefgh"))
        }
    }

    /// A value as text without the padding a char(n) may keep. SQLite
    /// stores `1010` in a bit(4) column as a number: its affinity is numeric.
    static func code(_ value: Value) -> String {
        switch value {
        case .text(let text): return text.trimmingCharacters(in: .whitespaces)
        case .integer(let number): return String(number)
        default: return "\(value)"
        }
    }
}
