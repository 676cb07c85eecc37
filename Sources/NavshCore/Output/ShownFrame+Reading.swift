/// Builds the data a frame showed, right after `Frame.load` read it: from
/// the page the list took as shown, or the record's buffer.
extension Session {
    func shownData(of frame: any Frame, path: [String], pageSize: Int) throws -> ShownFrame? {
        switch frame {
        case let list as ListFrame: return .list(try list.shownData(path: path, in: store))
        case let collections as CollectionsFrame:
            return .list(try collections.shownData(path: path, pageSize: pageSize, in: store))
        case let record as RecordFrame: return .record(record.shownData(path: path))
        default: return nil
        }
    }
}

extension ListFrame {
    /// The page just shown, with every listed field's full value: a list
    /// reads previews (long values cut), so for data the page's full rows
    /// are read once more (only when a runner asked for data). A row gone
    /// in between keeps its preview.
    func shownData(path: [String], in store: any StoreReader) throws -> ShownList {
        let page = shownPage ?? Page(index: 0, size: 0, rows: [])
        // From the same anchor the page came from: by key, never OFFSET from the top.
        let start = page.rows.isEmpty ? nil : try anchors.start(of: page.index * page.size, in: collection, store: store)
        let full = try start.map { try store.records(of: collection, from: $0, limit: page.size).rows } ?? []
        let byID = Dictionary(full.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let columns = ListPreview.fields(of: collection)
        let references = ReferenceTitles.read(for: page.rows, in: collection, from: store)
        let rows = page.rows.enumerated().map { offset, preview in
            let record = byID[preview.id] ?? preview
            return ShownRow(number: page.index * page.size + offset + 1, key: collection.keyValues(of: record),
                            title: RowTitle.of(preview, in: collection, references: references),
                            columns: columns, cells: columns.map { record[$0] })
        }
        let total = try count(in: store)
        return ShownList(path: path, collection: collection.name, columns: columns, rows: rows, page: page.index + 1,
                         pageCount: Self.pageCount(total, max(1, page.size)), count: total,
                         booleans: Set(collection.fields.filter { $0.kind == .boolean }.map(\.name)))
    }
}

extension CollectionsFrame {
    /// The collections page as rows of `name` and `rows` (its row count).
    func shownData(path: [String], pageSize: Int, in store: any StoreReader) throws -> ShownList {
        let size = max(1, pageSize)
        let shown = Array(collections.dropFirst(pageIndex * size).prefix(size))
        let rows = try shown.enumerated().map { offset, collection in
            ShownRow(number: pageIndex * size + offset + 1, key: [], title: collection.displayTitle, columns: ["name", "rows"],
                     cells: [.text(collection.name), .integer(Int64(try store.count(of: collection)))])
        }
        return ShownList(path: path, collection: nil, columns: ["name", "rows"], rows: rows, page: pageIndex + 1,
                         pageCount: ListFrame.pageCount(collections.count, size), count: collections.count)
    }
}

extension RecordFrame {
    func shownData(path: [String]) -> ShownRecord {
        let fields = collection.fields.map { field in
            ShownField(name: field.name, label: field.label ?? field.name, type: field.kind.rawValue,
                       value: buffer.value(of: field.name), readOnly: field.isReadOnly,
                       changed: buffer.isChanged(field.name),
                       values: buffer.isChanged(field.name) ? nil : batch?.spread[field.name]?.count,
                       moreValues: batch?.spread[field.name]?.more ?? false)
        }
        return ShownRecord(path: path, collection: collection.name,
                           key: id.flatMap { collection.keyValues(of: Record(id: $0, values: buffer.base)) }, fields: fields,
                           rows: batch?.rows.count)
    }
}
