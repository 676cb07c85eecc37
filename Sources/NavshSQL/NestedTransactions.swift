import NavshCore

/// A store whose transactions nest: a transaction of its own at the
/// outermost level, a savepoint inside one. Both stores run `atomically`
/// and `transaction` through `nested`, so only their SQL differs.
package protocol NestedTransactions: AnyObject {
    /// Whether a transaction is open that a write joins as a savepoint.
    var inBatch: Bool { get set }
}

/// How a store opens and ends one level. Each step is told whether the
/// level is the outermost one.
package struct TransactionSteps {
    package var begin: (_ outermost: Bool) throws -> Void
    /// After the body threw: take the level back, as far as the store lets.
    /// Its own failure is not reported: the body's error is.
    package var undo: (_ outermost: Bool) -> Void
    package var end: (_ outermost: Bool) throws -> Void

    package init(begin: @escaping (Bool) throws -> Void, undo: @escaping (Bool) -> Void,
                end: @escaping (Bool) throws -> Void) {
        self.begin = begin
        self.undo = undo
        self.end = end
    }
}

extension NestedTransactions {
    /// `body` in one level, `inBatch` set while it runs. A body that throws
    /// takes the level back; `end` runs once the body's writes are done.
    package func nested<T>(_ steps: TransactionSteps, _ body: () throws -> T) throws -> T {
        let outermost = !inBatch
        try steps.begin(outermost)
        inBatch = true
        let result: T
        do {
            result = try body()
        } catch {
            inBatch = !outermost
            steps.undo(outermost)
            throw error
        }
        inBatch = !outermost
        try steps.end(outermost)
        return result
    }

    /// A caller's own transaction (a script's, a dry run's), which nothing may enclose.
    package func outermost<T>(_ steps: TransactionSteps, _ body: () throws -> T) throws -> T {
        if inBatch { throw StoreError.transactionAlreadyOpen }
        return try nested(steps, body)
    }
}
