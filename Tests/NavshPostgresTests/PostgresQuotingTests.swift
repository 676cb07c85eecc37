@testable import NavshPostgres
import NavshSQL
import Testing

/// Names and texts reach PostgreSQL's SQL quoted, their own quotes doubled,
/// whatever else they hold (a name from the catalog is anybody's text).
@Suite struct PostgresQuotingTests {
    @Test func namesAndTextsAreQuotedWithTheirQuotesDoubled() {
        #expect("plain".quotedIdentifier == "\"plain\"")
        #expect("".quotedIdentifier == "\"\"")
        #expect("\"".quotedIdentifier == "\"\"\"\"")
        #expect("a\"b\"\"".quotedIdentifier == "\"a\"\"b\"\"\"\"\"")
        #expect("é\"🐱'".quotedIdentifier == "\"é\"\"🐱'\"")
        #expect("it's".pgLiteral == "'it''s'")
        #expect("''".pgLiteral == "''''''")
        #expect("say \"hi\"".pgLiteral == "'say \"hi\"'")
    }
}
