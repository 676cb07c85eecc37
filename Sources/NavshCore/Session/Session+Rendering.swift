extension Session {
    /// Prints a frame with current data. A list reads its count and page only
    /// when its cache was invalidated or the page size changed.
    func render(_ frame: any Frame) throws -> String {
        let view = viewport()
        switch frame {
        case let root as CollectionsFrame:
            let size = view.pageSize
            root.pageIndex = min(root.pageIndex, pageCount(root.collections.count, size) - 1)
            let first = root.pageIndex * size
            let shown = Array(root.collections.dropFirst(first).prefix(size))
            let rows = try shown.enumerated().map { offset, collection in
                let total = try store.count(of: collection)
                let rowCount = "\(total) row\(total == 1 ? "" : "s")"
                return ListLayout.Row(number: first + offset + 1, title: collection.displayTitle,
                                      details: collection.readOnlyReason == nil ? [rowCount] : [rowCount, "read-only"])
            }
            return ListLayout.render(
                header: "\(root.title) (\(root.collections.count) collection\(root.collections.count == 1 ? "" : "s"))",
                rows: rows, total: root.collections.count, pageIndex: root.pageIndex, pageSize: size,
                empty: "no tables in this store", columns: view.columns)
        case let list as ListFrame:
            let size = view.pageSize
            let total = try count(list)
            list.pageIndex = min(list.pageIndex, pageCount(total, size) - 1)
            let page = try page(of: list, size: size)
            let first = page.index * size
            let before = list.didShow(page)
            let group = list.collection.groupField
            var rows = page.rows.enumerated().map { offset, record in
                ListLayout.Row(
                    number: first + offset + 1,
                    title: RowTitle.of(record, in: list.collection),
                    details: RowTitle.details(record, in: list.collection),
                    changedElsewhere: before?[record.id].map { $0 != record } ?? false)
            }
            if let group {
                // A section title wherever the group's value changes, and atop each page.
                for i in rows.indices where i == 0 || page.rows[i][group] != page.rows[i - 1][group] {
                    let value = page.rows[i][group]
                    rows[i].section = value.isNull ? "(no \(group))" : ValueText.formatted(value, .plain)
                }
            }
            return ListLayout.render(
                header: "\(list.collection.displayTitle) (\(total))", rows: rows, total: total,
                pageIndex: page.index, pageSize: size, empty: "no rows yet; new adds one", columns: view.columns)
        case let record as RecordFrame:
            return RecordRenderer.render(record, columns: view.columns, references: referenceTitles(record))
        default:
            return ""
        }
    }

    func page(of list: ListFrame, size: Int) throws -> ListFrame.Page {
        if let cached = list.cachedPage, cached.index == list.pageIndex, cached.size == size {
            return cached
        }
        let rows = try store.listRecords(of: list.collection, offset: list.pageIndex * size, limit: size)
        let page = ListFrame.Page(index: list.pageIndex, size: size, rows: rows)
        list.cachedPage = page
        return page
    }
}
