/// Moving between frames: a command in the wrong frame, no frame to go
/// back to, or unsaved edits in the way (in a script, which cannot be asked).
public enum NavigationError: Equatable, Sendable {
    /// A safety net behind the parser, which routes commands by frame.
    case wrongFrame(here: FrameKind)
    case atFirstFrame
    /// `escape` is the forcing command that would discard them (`back!`).
    case unsavedEdits([UnsavedWork], escape: String)

    var message: String {
        switch self {
        case .wrongFrame(let here):
            return "that command does not work in \(here.article)"
        case .atFirstFrame:
            return "already at the first frame; quit leaves navsh"
        case .unsavedEdits(let work, let escape):
            let list = work.map(\.description).joined(separator: "; ")
            return "unsaved edits in \(list); save or cancel them first, or use \(escape) to discard"
        }
    }
}
