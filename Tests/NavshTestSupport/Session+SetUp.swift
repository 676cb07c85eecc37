import NavshCore
import Testing

extension Session {
    /// Runs a test's set-up lines, each of which must succeed: the first
    /// that fails stops the test at the caller's line, saying which and why.
    public func setUp(_ lines: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        for line in lines {
            let response = execute(line)
            try #require(response.error == nil, "set-up line '\(line)' failed: \(response.error?.message ?? "")",
                         sourceLocation: sourceLocation)
        }
    }
}
