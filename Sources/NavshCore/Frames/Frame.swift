/// One screen on the navigation stack (a view controller, in iOS terms).
protocol Frame: AnyObject {
    var kind: FrameKind { get }
    /// This frame's part of the breadcrumb prompt, without the unsaved marker.
    var crumb: String { get }
    /// Fields with unsaved edits, in field order; empty when clean.
    var unsavedFields: [String] { get }
    /// `unsavedFields` as the screen names them (a label where the field
    /// has one, escaped): the question on leaving said `UnitPrice` where
    /// the screen said `Price` (the new user's find).
    var unsavedLabels: [String] { get }
    /// Reads what this frame shows now: the one step of showing it that
    /// touches the store (and, for a list, notes the page as shown, which
    /// row numbers then refer to).
    func load(from store: any StoreReader, pageSize: Int) throws -> any FrameView
}

extension Frame {
    var isDirty: Bool { !unsavedFields.isEmpty }
    var unsavedLabels: [String] { unsavedFields.map(TextLayout.printable) }
}
