extension StoreReader {
    /// The row each key names, as `record(of: .key)` finds it, in one read
    /// for many keys: one entry per key, in order, nil where no row has it.
    /// A 100,000-line `import --update` looked its rows up one by one, a
    /// round trip each on a server.
    public func records(of collection: CollectionSchema, keys: [[Value]]) throws -> [Record?] {
        let names = collection.keyFields.map(\.name)
        var found = KeyedByValues<Record>()
        if !names.isEmpty {
            for row in try records(of: collection, amongKeys: keys) { found.updateValue(row, forKey: names.map { row[$0] }) }
        }
        // A key matched only as its column compares (`ab` for `AB` in a
        // NOCASE column, `5` for 5.0) is looked up alone, as ever.
        return try keys.map { key in try found[key] ?? record(of: collection, .key(key)) }
    }
}
