extension String {
    /// The name as a quoted SQL identifier, with embedded double quotes
    /// doubled. GRDB's `quotedDatabaseIdentifier` (7.10.0) only wraps the name
    /// in quotes, so a table called `a"; DROP …` would escape it: navsh opens
    /// other people's files and must not trust their names.
    var sqlIdentifier: String {
        "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

import Foundation
