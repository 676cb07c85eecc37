/// What a frame shows, read from the store in one step (`Frame.load`):
/// turning it into text is then a pure function of this data, so layout
/// never reads the store or changes a frame.
protocol FrameView {
    func render(columns: Int) -> String
}
