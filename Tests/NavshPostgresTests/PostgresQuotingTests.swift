@testable import NavshPostgres
import Testing

/// Names and texts reach PostgreSQL's SQL quoted, their own quotes doubled,
/// whatever else they hold (a name from the catalog is anybody's text).
@Suite struct PostgresQuotingTests {
    @Test func namesAndTextsAreQuotedWithTheirQuotesDoubled() {
        #expect("plain".pgIdentifier == "\"plain\"")
        #expect("".pgIdentifier == "\"\"")
        #expect("\"".pgIdentifier == "\"\"\"\"")
        #expect("a\"b\"\"".pgIdentifier == "\"a\"\"b\"\"\"\"\"")
        #expect("é\"🐱'".pgIdentifier == "\"é\"\"🐱'\"")
        #expect("it's".pgLiteral == "'it''s'")
        #expect("''".pgLiteral == "''''''")
        #expect("say \"hi\"".pgLiteral == "'say \"hi\"'")
    }
}
