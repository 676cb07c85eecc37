extension String {
    /// The name as a quoted SQL identifier, with embedded double quotes
    /// doubled. GRDB's `quotedDatabaseIdentifier` (7.10.0) only wraps the name
    /// in quotes, so a table called `a"; DROP …` would escape it: navsh opens
    /// other people's files and must not trust their names.
    /// A name without a double quote (nearly all) skips Foundation's
    /// search-and-replace, which goes through NSString.
    var sqlIdentifier: String {
        guard utf8.contains(UInt8(ascii: "\"")) else { return "\"" + self + "\"" }
        return "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

import Foundation
