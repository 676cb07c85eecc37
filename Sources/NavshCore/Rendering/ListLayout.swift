/// Lays out numbered rows as a table: a header line of column labels, the
/// row number, the title, then further columns (text left-aligned, numbers
/// right-aligned), fitted to the width by display columns. Columns that do
/// not fit are left out from the right, before the title shrinks too far.
enum ListLayout {
    struct Row {
        var number: Int
        var title: String
        /// One cell per column after the title (`Column`s after the first).
        var details: [String]
        /// Another process changed this row since the list was last shown.
        var changedElsewhere = false
        /// The row whose record the user just came back from (`>`).
        var isCurrent = false
        /// A section title to print before this row (its group's first row on the page).
        var section: String? = nil
    }

    /// A column's header and alignment; the first is the title's.
    struct Column: Equatable {
        var label: String
        var alignRight: Bool

        init(label: String = "", alignRight: Bool = false) {
            self.label = label
            self.alignRight = alignRight
        }
    }

    static let gap = "  "
    static let minimumTitleWidth = 12

    /// `columns` labels the title and each detail; with no labels at all
    /// (the list of collections) no header line is printed, and details
    /// without a column read right-aligned.
    static func render(
        header: String, columns: [Column] = [], rows: [Row], total: Int?, pageIndex: Int, pageSize: Int, empty: String,
        width: Int
    ) -> String {
        var out = header + "\n"
        if rows.isEmpty {
            return out + "  " + empty + "\n"
        }
        let numberWidth = max(4, String(rows.map(\.number).max() ?? 0).count)
        let detailCount = rows.map(\.details.count).max() ?? 0
        let titleColumn = columns.first ?? Column()
        let detailColumns = (0..<detailCount).map { d in
            columns.indices.contains(d + 1) ? columns[d + 1] : Column(alignRight: true)
        }
        let detailCap = max(10, width / 3)
        let naturalDetails = detailColumns.enumerated().map { d, column in
            min(detailCap, max(DisplayWidth.of(column.label),
                               rows.map { $0.details.indices.contains(d) ? DisplayWidth.of($0.details[d]) : 0 }.max() ?? 0))
        }
        let naturalTitle = max(DisplayWidth.of(titleColumn.label), rows.map { DisplayWidth.of($0.title) }.max() ?? 0)
        // A marker column appears only when some row needs it.
        let marking = rows.contains { $0.changedElsewhere || $0.isCurrent }
        let lead = numberWidth + (marking ? 3 : gap.count)
        // The title keeps up to two fifths of the width while columns are
        // added left to right; one that does not fit is left out (width 0)
        // and a narrower one after it may still fit.
        let titleReserve = min(naturalTitle, max(minimumTitleWidth, width * 2 / 5))
        var detailWidths: [Int] = []
        var used = lead + titleReserve
        for natural in naturalDetails {
            let needed = natural > 0 ? gap.count + natural : 0
            let fits = used + needed <= width
            detailWidths.append(fits ? natural : 0)
            if fits { used += needed }
        }
        let titleWidth = max(1, min(naturalTitle, width - used + titleReserve))

        func line(_ number: String, _ marker: String, _ title: String, _ cells: [String]) -> String {
            var text = TextLayout.right(number, numberWidth) + marker + TextLayout.left(title, titleWidth)
            for (d, cellWidth) in detailWidths.enumerated() where cellWidth > 0 {
                let cell = cells.indices.contains(d) ? cells[d] : ""
                text += gap + (detailColumns[d].alignRight ? TextLayout.right(cell, cellWidth) : TextLayout.left(cell, cellWidth))
            }
            return text.trimmingTrailingSpaces + "\n"
        }
        if !columns.allSatisfy({ $0.label.isEmpty }) {
            out += line("", String(repeating: " ", count: lead - numberWidth), titleColumn.label,
                        detailColumns.map(\.label))
        }
        for row in rows {
            if let section = row.section { out += "  " + section + "\n" }
            let marker = marking ? (row.isCurrent ? " > " : row.changedElsewhere ? " ~ " : "   ") : gap
            out += line(String(row.number), marker, row.title, row.details)
        }
        if rows.contains(where: \.changedElsewhere) { out += "~ changed elsewhere since last shown\n" }
        if total.map({ $0 > pageSize }) ?? true {
            out += footer(total: total, pageIndex: pageIndex, pageSize: pageSize, shown: rows.count)
        }
        return out
    }

    /// `rows 21–40 of 100,001 · page 2 of 5,001 · next, prev, page N`; a
    /// list not counted yet (its rows came first) says `of many` and how to count.
    static func footer(total: Int?, pageIndex: Int, pageSize: Int, shown: Int) -> String {
        let first = pageIndex * pageSize + 1
        let last = first + shown - 1
        guard let total else {
            return "rows \(grouped(first))–\(grouped(last)) of many (count counts them) · page \(grouped(pageIndex + 1))"
                + " · next, prev, page N\n"
        }
        let pages = (total + pageSize - 1) / pageSize
        return "rows \(grouped(first))–\(grouped(last)) of \(grouped(total)) · page \(grouped(pageIndex + 1)) of \(grouped(pages))"
            + " · next, prev, page N\n"
    }

    /// A count with thousands separators: `100,001`.
    static func grouped(_ number: Int) -> String {
        (number < 0 ? "-" : "") + ValueText.grouped(String(number.magnitude))
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
