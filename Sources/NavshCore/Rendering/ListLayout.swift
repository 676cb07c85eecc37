/// Lays out numbered rows as a table view: number, title, and right-aligned
/// detail columns, fitted to the width by display columns.
enum ListLayout {
    struct Row {
        var number: Int
        var title: String
        var details: [String]
        /// Another process changed this row since the list was last shown.
        var changedElsewhere = false
        /// A section title to print before this row (its group's first row on the page).
        var section: String? = nil
    }

    static let gap = "  "
    static let minimumTitleWidth = 12

    static func render(
        header: String, rows: [Row], total: Int, pageIndex: Int, pageSize: Int, empty: String, columns: Int
    ) -> String {
        var out = header + "\n"
        if rows.isEmpty {
            return out + "  " + empty + "\n"
        }
        let numberWidth = max(4, String(rows.map(\.number).max() ?? 0).count)
        let detailCount = rows.map(\.details.count).max() ?? 0
        let detailCap = max(10, columns / 3)
        var detailWidths = (0..<detailCount).map { d in
            min(detailCap, rows.map { $0.details.indices.contains(d) ? DisplayWidth.of($0.details[d]) : 0 }.max() ?? 0)
        }
        let widestTitle = rows.map { DisplayWidth.of($0.title) }.max() ?? 0
        // A marker column appears only when some row needs it.
        let marking = rows.contains { $0.changedElsewhere }
        let numberGap = marking ? 3 : gap.count
        func room() -> Int {
            columns - numberWidth - numberGap - detailWidths.reduce(0) { $0 + $1 + gap.count }
        }
        // Narrow terminals lose detail columns from the right before titles shrink too far.
        while !detailWidths.isEmpty && room() < minimumTitleWidth { detailWidths.removeLast() }
        let titleWidth = max(1, min(widestTitle, room()))

        for row in rows {
            if let section = row.section { out += "  " + section + "\n" }
            let marker = marking ? (row.changedElsewhere ? " ~ " : "   ") : gap
            var line = TextLayout.right(String(row.number), numberWidth) + marker
            line += TextLayout.left(row.title, titleWidth)
            for (d, width) in detailWidths.enumerated() where width > 0 {
                line += gap + TextLayout.right(row.details.indices.contains(d) ? row.details[d] : "", width)
            }
            out += line.trimmingTrailingSpaces + "\n"
        }
        if marking { out += "~ changed elsewhere since last shown\n" }
        if total > pageSize {
            let first = pageIndex * pageSize + 1
            let last = first + rows.count - 1
            let pages = (total + pageSize - 1) / pageSize
            out += "rows \(first)–\(last) of \(total) · page \(pageIndex + 1) of \(pages) · next, prev, page N\n"
        }
        return out
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
