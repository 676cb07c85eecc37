/// Which columns a list showed when it was first shown: the default
/// columns that hold long text (left out) and those the terminal's width
/// left room for. A list keeps them while its pages are shown, so paging
/// never makes a column come or go: they were decided on each page, and
/// `next` in a list of tracks dropped one column and brought back another.
/// Each page still sizes the kept columns to its own values, cutting them
/// to fit when they are wider than the first page's. A list narrowed by
/// `find` or `where` starts from its list's, so it reads as the same table;
/// a new width (the terminal resized) or other columns (`columns`, a
/// `sort` that shows its field) decide again.
final class ListFit {
    /// What was decided for: the terminal's width and the column labels
    /// (title first). `sort` alone finds the list's first decision again.
    struct Shape: Equatable {
        var width: Int
        var labels: [String]
    }

    /// Per shape, whether each column after the title is shown. A few
    /// shapes per list (sorts, a resize); a terminal dragged through many
    /// widths drops the oldest.
    private var shown = SmallCache<Shape, [Bool]>(limit: 16)
    /// Per shape, the columns (by index after the title) that a page had
    /// to leave out for its values' width: later pages leave them out too,
    /// so which columns show does not change from page to page (a chosen
    /// column came and went with each page's values).
    private var dropped = SmallCache<Shape, Set<Int>>(limit: 16)
    /// The labels of the columns shown by the last decision, and at which
    /// width: a new shape (a `sort` that shows its field) keeps them first.
    private var last: (width: Int, labels: Set<String>)?
    /// The labels of the columns `longText` was decided for, and per
    /// column whether it holds long text (left out of the list).
    var longText: (labels: [String], isLong: [Bool])?

    init() {}

    subscript(shape: Shape) -> [Bool]? {
        get { shown[shape] }
        set { shown[shape] = newValue }
    }

    func dropped(at shape: Shape) -> Set<Int> { dropped[shape] ?? [] }

    func noteDropped(_ columns: Set<Int>, at shape: Shape) {
        if dropped[shape] != columns { dropped[shape] = columns }
    }

    /// The columns the last decision at `width` showed, by label.
    func lastShown(at width: Int) -> Set<String> {
        guard let last, last.width == width else { return [] }
        return last.labels
    }

    func noteShown(_ labels: [String], at width: Int) {
        last = (width, Set(labels))
    }

    /// The same decisions for a narrowed list, kept apart from then on (a
    /// `columns` in one does not change the other).
    func copy() -> ListFit {
        let copy = ListFit()
        copy.shown = shown
        copy.dropped = dropped
        copy.last = last
        copy.longText = longText
        return copy
    }
}
