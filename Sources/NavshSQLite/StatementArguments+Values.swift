import GRDB

extension StatementArguments {
    /// Positional arguments from values already converted. GRDB's generic
    /// `init(_: some Sequence<some DatabaseValueConvertible>)` maps them
    /// through a key path that the runtime builds anew at every call (about
    /// 7,700 instructions, a tenth of reading one row by key); its
    /// initializer for optional existentials maps them through a closure.
    init(values: [DatabaseValue]) {
        self.init(values.map { $0 as (any DatabaseValueConvertible)? })
    }
}
