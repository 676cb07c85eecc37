import NavshCore
import NavshLineInput

/// ANSI styling of what navsh prints at a terminal. Plain when colour is off,
/// so callers never test for colour themselves.
struct PromptStyle: Sendable {
    let color: Bool

    init(color: Bool) {
        self.color = color
    }

    /// The breadcrumb prompt: earlier frames dim, the current one bold, `*`
    /// in yellow. Escapes sit between `EditLineReader.promptEscape` marks so
    /// libedit does not count them as columns; adjacent escapes share one
    /// pair of marks, because libedit reads two marks in a row as a literal one.
    func prompt(_ crumbs: [Crumb]) -> String {
        guard color else { return Crumb.breadcrumb(crumbs) + "> " }
        var parts: [(text: String, style: String)] = []
        for (i, crumb) in crumbs.enumerated() {
            if i > 0 { parts.append((" › ", "2")) }
            parts.append((crumb.title, i == crumbs.count - 1 ? "1" : "2"))
            if crumb.isDirty { parts.append(("*", "1;33")) }
        }
        let mark = String(EditLineReader.promptEscape)
        var out = ""
        for part in parts {
            out += mark + "\u{1B}[0m\u{1B}[" + part.style + "m" + mark + part.text
        }
        return out + mark + "\u{1B}[0m" + mark + "> "
    }

    /// `error: MESSAGE` with `error:` in red.
    func error(_ message: String) -> String {
        color ? "\u{1B}[1;31merror:\u{1B}[0m " + message : "error: " + message
    }

    /// A hint (a field's placeholder), dim.
    func hint(_ text: String) -> String {
        color ? "\u{1B}[2m" + text + "\u{1B}[0m" : text
    }

    /// A question's prompt, bold, for the line editor.
    func question(_ text: String) -> String {
        color ? escaped("1") + text + escaped("0") : text
    }

    private func escaped(_ code: String) -> String {
        let mark = String(EditLineReader.promptEscape)
        return mark + "\u{1B}[" + code + "m" + mark
    }
}
