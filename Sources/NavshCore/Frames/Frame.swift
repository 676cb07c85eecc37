/// One screen on the navigation stack (a view controller, in iOS terms).
public protocol Frame: AnyObject {
    var kind: FrameKind { get }
    /// This frame's part of the breadcrumb prompt, without the unsaved marker.
    var crumb: String { get }
    /// Fields with unsaved edits, in field order; empty when clean.
    var unsavedFields: [String] { get }
}

extension Frame {
    public var isDirty: Bool { !unsavedFields.isEmpty }
}
