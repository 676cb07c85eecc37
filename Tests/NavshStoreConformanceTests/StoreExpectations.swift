import NavshCore
import NavshTestSupport
import Testing

/// Checks shared by the conformance tests. Each takes the caller's source
/// location, so a failure points at the test line, not here; none drops an
/// error: an unexpected one is recorded with what it was.
extension StoreFixture {
    /// Every row of a (small) collection in its order: a fingerprint to
    /// compare before and after a write that must change nothing.
    func rows(_ collection: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Record] {
        let schema = try self.collection(collection, sourceLocation: sourceLocation)
        return try store.records(of: schema, offset: 0, limit: 10_000)
    }

    /// The one row of `collection` whose `field` holds `value`, found by
    /// reading, so tests never build a store's identities themselves.
    func row(_ collection: String, _ field: String, _ value: Value,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> Record {
        let matching = try rows(collection, sourceLocation: sourceLocation).filter { $0[field] == value }
        try #require(matching.count == 1, "\(matching.count) rows of \(collection) have \(field) = \(value)",
                     sourceLocation: sourceLocation)
        return matching[0]
    }

    /// `field` of every row of `collection`, in the collection's order.
    func column(_ collection: String, _ field: String,
                sourceLocation: SourceLocation = #_sourceLocation) throws -> [Value] {
        try rows(collection, sourceLocation: sourceLocation).map { $0[field] }
    }
}

extension Record {
    /// This row with `changes` written over its values, its identity kept:
    /// what a store must hold after an update that writes them.
    func with(_ changes: [String: Value]) -> Record {
        var changed = self
        changed.values.merge(changes) { $1 }
        return changed
    }
}

/// Expects `body` to throw a `StoreError` that `matches` accepts; records any
/// other error, or none, at the caller's line.
func expectStoreError<T>(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    matching matches: (StoreError) -> Bool, _ body: () throws -> T
) {
    do {
        let result = try body()
        Issue.record("expected \(what), but it succeeded with \(result)", sourceLocation: sourceLocation)
    } catch let error as StoreError {
        if !matches(error) { Issue.record("expected \(what), got StoreError.\(error)", sourceLocation: sourceLocation) }
    } catch {
        Issue.record("expected \(what), got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
}

/// Expects a constraint error of `kind` naming exactly `fields`. The detail
/// is the store's own words, so it is not compared.
func expectConstraint<T>(
    _ kind: StoreError.Constraint, fields: [String], sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
) {
    expectStoreError("a \(kind.rawValue) constraint on \(fields)", sourceLocation: sourceLocation, matching: {
        if case .constraint(kind, fields, _) = $0 { return true }
        return false
    }, body)
}

/// Expects `.conflict` carrying exactly `current`, the row as it is now.
func expectConflict<T>(
    current: Record, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) {
    expectStoreError("a conflict with the row now \(current.values)", sourceLocation: sourceLocation, matching: {
        $0 == .conflict(current: current)
    }, body)
}

/// Expects `.recordMissing`.
func expectMissing<T>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) {
    expectStoreError("recordMissing", sourceLocation: sourceLocation, matching: { $0 == .recordMissing }, body)
}
