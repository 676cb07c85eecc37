/// How a paged frame draws its page below a message. The title line goes
/// first, as the prompt's crumb and the footer repeat it; then the page's
/// last rows. The page keeps its rows, so every page keeps its place.
struct PageDrawing {
    /// The rows that fit below the message with the title line; nil: all of them.
    var room: Int?

    static let whole = PageDrawing()

    /// The rows of `page` to draw, whether some were left out, and whether
    /// the title line is drawn.
    func cut<Row>(_ page: [Row]) -> (rows: [Row], isCut: Bool, titled: Bool) {
        guard let room, room < page.count else { return (page, false, true) }
        if room + 1 >= page.count { return (page, false, false) }
        return (Array(page.prefix(max(room + 1, 0))), true, false)
    }
}
