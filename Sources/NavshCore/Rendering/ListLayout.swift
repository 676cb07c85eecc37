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
        /// Shown whatever else fits, cut if need be: the field a `sort`
        /// orders by, columns chosen by name (`columns`, a spec).
        var isKept: Bool

        init(label: String = "", alignRight: Bool = false, isKept: Bool = false) {
            self.label = label
            self.alignRight = alignRight
            self.isKept = isKept
        }
    }

    static let gap = "  "
    static let minimumTitleWidth = 12
    /// A kept column is cut no narrower than this (then the title gives way).
    static let minimumDetailWidth = 4

    /// `columns` labels the title and each detail; with no labels at all
    /// (the list of collections) no header line is printed, and details
    /// without a column read right-aligned.
    /// `fit` (a list's, kept across its pages) holds which columns its first
    /// page showed: later pages show the same ones, sized to their values.
    static func render(
        header: String?, columns: [Column] = [], rows: [Row], total: Int?, pageIndex: Int, pageSize: Int, empty: String,
        width: Int, fit: ListFit? = nil
    ) -> String {
        // Cut to the width like every line of the list (a filtered, sorted
        // list's title wrapped mid-word).
        var out = header.map { TextLayout.truncate($0, to: width) + "\n" } ?? ""
        if rows.isEmpty {
            return out + "  " + empty + "\n"
        }
        // Every cell is measured once (a page is laid out on every `page N`,
        // `next` and `show`: measuring each cell again to pad it, and again
        // after cutting it, was most of a command's work).
        var largest = 0, detailCount = 0, marking = false
        for row in rows {
            largest = max(largest, row.number)
            detailCount = max(detailCount, row.details.count)
            // A marker column appears only when some row needs it.
            if row.changedElsewhere || row.isCurrent { marking = true }
        }
        let numberWidth = max(4, String(largest).utf8.count)
        let titleColumn = columns.first ?? Column()
        let detailColumns = (0..<detailCount).map { d in
            columns.indices.contains(d + 1) ? columns[d + 1] : Column(alignRight: true)
        }
        let titleWidths = rows.map { DisplayWidth.of($0.title) }
        // One array for the page, row after row (`detailCount` a row): an
        // array a row was a tenth of the allocations of a `page N`.
        var cellWidths = [Int](repeating: 0, count: rows.count * detailCount)
        for r in rows.indices {
            for (d, text) in rows[r].details.enumerated() { cellWidths[r * detailCount + d] = DisplayWidth.of(text) }
        }
        let labelWidths = detailColumns.map { DisplayWidth.of($0.label) }
        let alignsRight = detailColumns.map(\.alignRight)
        let detailCap = max(10, width / 3)
        // A number is never cut (`$1,000,000,000,…` read as another amount,
        // `977…` as less than `117…`; the trials' finds): a column is never
        // narrower than its widest number. Text is capped and cut, a text
        // stored in a number column too (kept whole, one pushed every
        // column after it off the line, unsaid).
        // In every column: a number in a column of no declared type that
        // also holds text (left-aligned) was cut.
        let numbersFloor = (0..<detailCount).map { d in
            rows.indices.reduce(0) { floor, r in
                guard rows[r].details.indices.contains(d), Self.readsAsNumber(rows[r].details[d]) else { return floor }
                return max(floor, cellWidths[r * detailCount + d])
            }
        }
        let widest = (0..<detailCount).map { d in
            rows.indices.reduce(labelWidths[d]) { max($0, cellWidths[$1 * detailCount + d]) }
        }
        // Which columns fit is decided with text capped at a third of the
        // width (a long one is shown cut rather than left out); a shown
        // one then takes what room the line has (capped there, a long text
        // ended at a third of a wide terminal with the rest of the line
        // empty).
        let naturalDetails = (0..<detailCount).map { d in max(numbersFloor[d], min(detailCap, widest[d])) }
        let titleLabelWidth = DisplayWidth.of(titleColumn.label)
        let naturalTitle = titleWidths.reduce(titleLabelWidth, max)
        let lead = numberWidth + (marking ? 3 : gap.count)
        // The title keeps up to two fifths of the width while columns are
        // added left to right; one that does not fit is left out (width 0)
        // and a narrower one after it may still fit.
        let titleReserve = min(naturalTitle, max(minimumTitleWidth, width * 2 / 5))
        var detailWidths: [Int] = []
        let titleWidth: Int
        let shape = ListFit.Shape(width: width, labels: [titleColumn.label] + detailColumns.map(\.label))
        let shown: [Bool]
        if let kept = fit?[shape], kept.count == detailCount {
            // The columns this list showed first, and every column it must
            // show: `columns b c d` on a list whose default columns were
            // those three kept the default's choice, which the width had
            // cut to b, and left c and d out unsaid.
            shown = zip(kept, detailColumns).map { $0 || $1.isKept }
        } else {
            // Which columns fit: the sort's, and those the list showed last
            // at this width (a `sort` adds its column and takes none away),
            // then the others, left to right, that fit whole beside the
            // title's two fifths; a narrower one after one left out may
            // still fit.
            let earlier = fit?.lastShown(at: width) ?? []
            var keep = detailColumns.map { $0.isKept || earlier.contains($0.label) }
            var used = lead + titleReserve + zip(keep, naturalDetails).reduce(0) { $0 + ($1.0 ? gap.count + $1.1 : 0) }
            for d in keep.indices where !keep[d] {
                let needed = gap.count + naturalDetails[d]
                if used + needed <= width {
                    keep[d] = true
                    used += needed
                }
            }
            shown = keep
            fit?[shape] = shown
            fit?.noteShown(detailColumns.indices.filter { shown[$0] }.map { detailColumns[$0].label }, at: width)
        }
        // Sized to this page: a value wider than the room left is cut, the
        // widest column first, so the title keeps its two fifths and no
        // column comes or goes.
        detailWidths = zip(shown, widest).map { $0 ? $1 : 0 }
        // Columns an earlier page had to leave out stay out, and are named.
        let droppedBefore = fit?.dropped(at: shape) ?? []
        for d in droppedBefore where detailWidths.indices.contains(d) { detailWidths[d] = 0 }
        let details = { detailWidths.reduce(0) { $0 + ($1 > 0 ? gap.count + $1 : 0) } }
        var over = lead + titleReserve + details() - width
        // Numbers are never cut: a column is cut down to its widest number
        // at most, or, below, left out.
        while over > 0, let widest = detailWidths.indices.filter({
                  detailWidths[$0] > max(minimumDetailWidth, numbersFloor[$0])
              }).max(by: { detailWidths[$0] < detailWidths[$1] }) {
            detailWidths[widest] -= 1
            over -= 1
        }
        // Still too wide (columns chosen by name on a narrow terminal, wide
        // numbers on a later page): the title gives way to its minimum, then
        // columns from the right, and a line says which are not shown (they
        // were left out in silence; the trials' finds).
        var dropped = droppedBefore.filter { detailColumns.indices.contains($0) }
        while lead + min(naturalTitle, minimumTitleWidth) + details() > width,
              let last = detailWidths.lastIndex(where: { $0 > 0 }) {
            detailWidths[last] = 0
            dropped.insert(last)
        }
        fit?.noteDropped(dropped, at: shape)
        let leftOut = dropped.sorted().map { detailColumns[$0].label }.filter { !$0.isEmpty }
        titleWidth = max(1, min(naturalTitle, width - lead - details()))

        // Built as UTF-8 bytes: appending a few hundred strings to a String
        // cost more than measuring them.
        var bytes = ByteWriter(capacity: (rows.count + 4) * (min(width, 400) + 8))
        defer { bytes.free() }
        bytes.append(out)
        /// `text` (`measured` columns wide) cut and padded to `columns`.
        func cell(_ text: String, measured: Int, _ columns: Int, alignRight: Bool) {
            if measured > columns {
                let cut = TextLayout.truncate(text, to: columns)
                return cell(cut, measured: min(columns, DisplayWidth.of(cut)), columns, alignRight: alignRight)
            }
            let padding = columns - measured
            if alignRight { bytes.pad(padding) }
            bytes.append(text)
            if !alignRight { bytes.pad(padding) }
        }
        func line(_ number: String, _ marker: String, _ title: String, titleMeasured: Int, _ cells: [String],
                  measured: (Int) -> Int) {
            let start = bytes.count
            cell(number, measured: number.utf8.count, numberWidth, alignRight: true)
            bytes.append(marker)
            cell(title, measured: titleMeasured, titleWidth, alignRight: false)
            for (d, cellWidth) in detailWidths.enumerated() where cellWidth > 0 {
                bytes.append(gap)
                if cells.indices.contains(d) {
                    cell(cells[d], measured: measured(d), cellWidth, alignRight: alignsRight[d])
                } else {
                    cell("", measured: 0, cellWidth, alignRight: false)
                }
            }
            // Trailing spaces cut as `trimmingTrailingSpaces` cuts them.
            var end = bytes.count
            while end > start && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            if end < bytes.count {
                if end == start || bytes[end - 1] < 0x80 {
                    bytes.cut(to: end)
                } else {
                    let trimmed = bytes.text(from: start).trimmingTrailingSpaces
                    bytes.cut(to: start)
                    bytes.append(trimmed)
                }
            }
            bytes.append(byte: UInt8(ascii: "\n"))
        }
        if !columns.allSatisfy({ $0.label.isEmpty }) {
            line("", String(repeating: " ", count: lead - numberWidth), titleColumn.label, titleMeasured: titleLabelWidth,
                 detailColumns.map(\.label), measured: { labelWidths[$0] })
        }
        var anyChanged = false
        // By index: iterating copied each row (its title and cells retained and released).
        for r in rows.indices {
            if let section = rows[r].section { bytes.append("  " + section + "\n") }
            // A change elsewhere outranks the row come back from (`>` hid
            // the change the legend spoke of).
            let marker = !marking ? gap : rows[r].changedElsewhere ? " ~ " : rows[r].isCurrent ? " > " : "   "
            line(Self.decimal(rows[r].number), marker, rows[r].title, titleMeasured: titleWidths[r], rows[r].details,
                 measured: { cellWidths[r * detailCount + $0] })
            if rows[r].changedElsewhere { anyChanged = true }
        }
        // The rows are decoded alone: ASCII, nearly always, which is found
        // eight bytes at a time, where the footer's `·` and `–` made the
        // whole page validated byte by byte.
        out = bytes.string()
        let paged = total.map { $0 > pageSize } ?? true
        // A list of pages says it in its footer: on a line of its own, the
        // legend pushed the list's title off a full screen.
        if anyChanged && !paged { out += legend + "\n" }
        if !leftOut.isEmpty && !paged {
            // A list of one page has no footer: the line is its own.
            out += notShown(leftOut, width: width) + "\n"
        }
        if paged {
            out += footer(total: total, pageIndex: pageIndex, pageSize: pageSize, shown: rows.count, width: width,
                          leftOut: leftOut, marked: anyChanged)
        }
        return out
    }

    /// What a `~` means, said under a page that shows one.
    static let legend = "~ changed elsewhere since last shown"

    /// `rows 21–40 of 100,001 · page 2 of 5,001 · next, prev, page N`; a
    /// list not counted yet (its rows came first) says `of many` and how to
    /// count. On a narrow terminal the hint goes first, then how to count,
    /// then the page, so the line never wraps (it did at 60 columns).
    /// Columns chosen by name that the width left out (`leftOut`) are said
    /// in place of the hint, so the page still fits the terminal's height
    /// (a line of their own scrolled the list's title off).
    static func footer(total: Int?, pageIndex: Int, pageSize: Int, shown: Int, width: Int = .max,
                       leftOut: [String] = [], marked: Bool = false) -> String {
        let first = pageIndex * pageSize + 1
        let last = first + shown - 1
        // A last page of one row is that row (`rows 41–41` read as a slip).
        let rows = first == last ? "row \(grouped(first)) of " : "rows \(grouped(first))–\(grouped(last)) of "
        let page = "page \(grouped(pageIndex + 1))" + (total.map { " of \(grouped(($0 + pageSize - 1) / pageSize))" } ?? "")
        let counted = total.map(grouped)
        let of = counted ?? "many (count counts them)"
        // The usual line, made at once: the forms below cost a page's
        // footer three times what this does.
        if leftOut.isEmpty && !marked {
            let line = rows + of + " · " + page + " · next, prev, page N"
            if DisplayWidth.of(line) <= width { return line + "\n" }
        }
        let short = counted ?? "many"
        // Each form is made only when the one before did not fit (making
        // and measuring them all was a twentieth of a `page N`).
        var forms: [() -> [String]]
        if leftOut.isEmpty {
            forms = [{ [rows + of, page, "next, prev, page N"] }]
        } else {
            // What was left out outlasts the page number on a narrow terminal,
            // down to its count alone (`2 not shown`: at 40 columns the note
            // went before the page number did).
            let count = notShownCount(leftOut)
            let brief = "\(leftOut.count) not shown"
            forms = [{ [rows + of, page, notShownNames(leftOut)] }, { [rows + of, page, count] }, { [rows + of, count] },
                     { [rows + short, count] }, { [rows + short, brief] }]
        }
        forms += [{ [rows + of, page] }, { [rows + short, page] }, { [rows + short] }]
        // `marked`: the legend of `~` leads, and gives way to the hint and
        // the page number only in shorter words (`~ changed`): at 40
        // columns it went first.
        let legends = marked ? [legend, "~ changed elsewhere", "~ changed"] : [""]
        for (i, form) in forms.enumerated() {
            // The hint is worth less than the legend's words: only beside them whole.
            for lead in marked && i == 0 && leftOut.isEmpty ? [legend] : legends {
                let line = ((lead.isEmpty ? [] : [lead]) + form()).joined(separator: " · ")
                if DisplayWidth.of(line) <= width { return line + "\n" }
            }
        }
        return "rows \(grouped(first))–\(grouped(last))\n"
    }

    /// `not shown at this width: Album, Genre`, or their count when the names do not fit.
    static func notShown(_ leftOut: [String], width: Int) -> String {
        let named = notShownNames(leftOut)
        return DisplayWidth.of(named) <= width ? named : TextLayout.truncate(notShownCount(leftOut), to: width)
    }

    static func notShownNames(_ leftOut: [String]) -> String {
        "not shown at this width: " + leftOut.joined(separator: ", ")
    }

    static func notShownCount(_ leftOut: [String]) -> String {
        leftOut.count == 1 ? "1 column not shown" : "\(leftOut.count) columns not shown"
    }

    /// Whether a cell reads as a number as navsh writes one (`-1,200`,
    /// `$3.50`, `1.5e+300`): a digit, and nothing but digits, signs,
    /// separators, `$` and an exponent.
    static func readsAsNumber(_ text: String) -> Bool {
        // One pass over the bytes in place (two generic passes were a
        // hundredth of laying out a page).
        func reads(_ bytes: some Sequence<UInt8>) -> Bool {
            var digit = false
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
                case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "$"),
                     UInt8(ascii: "e"), UInt8(ascii: "E"): continue
                default: return false
                }
            }
            return digit
        }
        return text.utf8.withContiguousStorageIfAvailable { reads($0) } ?? reads(text.utf8)
    }

    /// A count with thousands separators: `100,001`.
    static func grouped(_ number: Int) -> String {
        digits(of: number, grouped: true)
    }

    /// A row number as digits.
    static func decimal(_ number: Int) -> String {
        digits(of: number, grouped: false)
    }

    /// The digits of a whole number written from the right into a buffer
    /// on the stack, commas between thousands when `grouped`: `String(n)`
    /// went through the generic `description`, and grouping made an
    /// array of its digits; a footer and 20 row numbers a page made them
    /// a twentieth of `page N` (bench/README.md).
    private static func digits(of number: Int, grouped: Bool) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var magnitude = number.magnitude
            var at = buffer.count
            var written = 0
            repeat {
                if grouped && written > 0 && written % 3 == 0 {
                    at -= 1
                    buffer[at] = UInt8(ascii: ",")
                }
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                written += 1
            } while magnitude > 0
            if number < 0 {
                at -= 1
                buffer[at] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[at...]), as: UTF8.self)
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        // Bytes first: trailing spaces after an ASCII character (or making
        // up the whole text) are each a character of their own, so they are
        // cut without breaking the text into characters. After anything
        // else a space may belong to the character before it (a prepended
        // mark), which the loop below keeps, as it always did.
        let bytes = utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: " ") {
            end = bytes.index(before: end)
        }
        if end == bytes.endIndex { return self }
        if end == bytes.startIndex || bytes[bytes.index(before: end)] < 0x80 {
            return String(self[..<end])
        }
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
