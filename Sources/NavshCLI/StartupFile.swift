import Foundation
import NavshCore

/// The startup file, `$XDG_CONFIG_HOME/navsh/navshrc` (else
/// `~/.config/navsh/navshrc`), as psql's `.psqlrc`: its commands run at
/// the prompt's start, before the first frame is shown (`sort`, `columns`,
/// `open` a collection). Lines that are empty or start with `#` are
/// skipped. What a command prints is not shown (the first frame shows the
/// result); an error is reported as `FILE:LINE: error: MESSAGE` and the
/// next line runs: a broken startup file never keeps the prompt from
/// starting. Scripts (-c, -f, piped input) never read it, so a script
/// means the same on every machine; `-X` / `--no-rc` skips it at the prompt.
enum StartupFile {
    static func path(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/navsh/navshrc"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/navsh/navshrc"
    }

    /// Runs the file's commands in `session`, if the file exists.
    static func run(in session: Session, environment: [String: String]) {
        guard let path = path(environment), FileManager.default.fileExists(atPath: path) else { return }
        guard let data = FileManager.default.contents(atPath: path) else {
            StandardStreams.err("navsh: \(TextLayout.printable(path)): cannot read the startup file\n")
            return
        }
        let driver = ResponseDriver(session: session)
        var prompter = StartupPrompter(path: path)
        for (index, line) in data.split(separator: 10, omittingEmptySubsequences: false).enumerated() {
            var bytes = Array(line)
            if bytes.last == 13 { bytes.removeLast() }
            let text = String(decoding: bytes, as: UTF8.self)
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            prompter.line = index + 1
            driver.run(bytes, with: &prompter)
            if session.isFinished { return }
        }
    }
}

/// The startup file as the driver's prompter: output dropped, errors at
/// the file's line on stderr, no answers (a question takes the answer that
/// changes nothing), no value lines (`edit` fails).
struct StartupPrompter: Prompter {
    let path: String
    var line = 0

    func show(_ output: String) {}

    func report(_ error: CommandError) {
        StandardStreams.err("\(TextLayout.printable(path)):\(line): error: \(error.message)\n")
    }

    func ask(_ question: Question, repeated: Bool) -> String? { nil }

    func edit(_ edit: FieldEdit) -> FieldInput {
        .unavailable(.line(.valueLineMissing(field: edit.field)))
    }
}
