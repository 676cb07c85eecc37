/// A save refused because the row changed elsewhere since it was read: a
/// table of the fields involved (original, theirs, yours) and one error line
/// naming the ways out.
struct ConflictReport: Error {
    /// The widest value a cell shows.
    static let valueWidth = 20
    /// The "yours" cell of a field you did not edit.
    static let unedited = "(not edited)"

    let table: String
    let error: CommandError

    /// `again`: the row changed once more since the last table this frame
    /// showed, so the error says so rather than advise the `save!` just refused.
    init(frame: RecordFrame, current: Record, store: any StoreReader, again: Bool = false) {
        let base = frame.buffer.base
        var alike: [String] = []
        let rows: [[String]] = frame.collection.fields.compactMap { field in
            let name = field.name
            let original = base[name] ?? .null
            let theirs = current[name]
            let mine = frame.buffer.value(of: name)
            guard theirs != original || frame.buffer.isChanged(name) else { return nil }
            let clash = theirs != original && frame.buffer.isChanged(name) && theirs != mine
            func shown(_ value: Value) -> String { ReferenceText.of(value, field, in: store) }
            // A field you did not edit has no "yours": save! leaves theirs there,
            // and showing the original under "yours" read as if it would be
            // written back.
            let versions = frame.buffer.isChanged(name) ? [shown(original), shown(theirs), shown(mine)]
                : [shown(original), shown(theirs)]
            // Two versions that print alike but differ (é as one character or
            // two) are said to differ: alike, a change read as none.
            let named = ["the original", "theirs", "yours"]
            let values = [original, theirs, mine]
            if let (one, other) = [(0, 1), (1, 2), (0, 2)].first(where: { one, other in
                other < versions.count && values[one] != values[other] && versions[one] == versions[other]
            }) {
                alike.append("  (\(field.shownName): \(named[one]) and \(named[other]) look alike but are not the same value)\n")
            }
            return [clash ? "!" : " ", field.shownName] + versions
        }
        // A long value is cut, so the table keeps one line a field on an
        // 80-column terminal (the trial's 644-character notes wrapped it
        // mid-cell), and cut where the versions start to differ from the
        // original, a line for each place, so every change is in sight;
        // `show FIELD` and `reload` show a value whole.
        var cut = false
        var more: [String] = []
        let fitted = rows.flatMap { row in
            let values = Array(row[2...])
            let windows = DifferenceWindow.rows(values, width: Self.valueWidth, context: 6)
            if windows.rows != [values] { cut = true }
            // A change that runs on past the lines shown is said, never left to look like none.
            let whose = windows.unshown.map { $0 == 1 ? "theirs" : "yours" }
            if !whose.isEmpty {
                more.append("  (\(row[1]): \(whose.joined(separator: " and ")) \(whose.count == 1 ? "changes" : "change") "
                            + "more than these lines show)\n")
            }
            // An unedited field's lines: its "yours" cell says so on the first, blank after.
            return windows.rows.enumerated().map { line, cells in
                Array(row[..<2]) + cells + (values.count == 3 ? [] : [line == 0 ? Self.unedited : ""])
            }
        }
        let all = [[" ", "field", "original", "theirs", "yours"]] + fitted
        let widths = (1..<5).map { column in all.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        table = all.map { row in
            (row[0] + " " + (1..<5).map { TextLayout.left(row[$0], widths[$0 - 1]) }.joined(separator: "  "))
                .trimmingTrailingSpaces + "\n"
        }.joined() + more.joined() + alike.joined() + (cut ? "  (long values are cut: show FIELD prints yours whole, reload theirs)\n" : "")
        error = .writes(again ? .changedAgainBeforeSave(title: frame.crumb) : .changedBeforeSave(title: frame.crumb))
    }
}
