import ArgumentParser
import CTerminal
import NavshCore

/// The arguments of nearly every run (`FILE`, `-c CMD`, `-f SCRIPT`, the
/// plain flags) read into `Options` without ArgumentParser, whose parse was half of
/// navsh's start-up: it finds its properties by reflection and checks for
/// a completion-script request, each a first-time runtime lookup, and its
/// public API has no way to skip that check. Anything else (`--help`,
/// `--version`, `--generate-completion-script`, `--`, `--opt=value`,
/// joined short flags, a value that starts with `-`, an option given twice,
/// an unknown word) goes to ArgumentParser, which owns help, errors and
/// completions. Debug builds (the tests) parse every plain run both ways
/// and stop if they differ, so an option added to `Navsh` but not here is
/// caught by the first end-to-end test.
extension Options {
    init?(plainArguments arguments: some Sequence<String>) {
        var words = Array(arguments)[...]
        var seen: Set<String> = []
        func value(after option: String) -> String? {
            guard let value = words.popFirst(), !value.hasPrefix("-") else { return nil }
            return value
        }
        while let word = words.popFirst() {
            // One spelling per option: `-q` and `--quiet` count as one.
            let option: String
            switch word {
            case "-q", "--quiet": option = "--quiet"
            case "-c", "--command": option = "--command"
            case "-X", "--no-rc": option = "--no-rc"
            case "-f", "--script": option = "--script"
            default: option = word
            }
            if option.hasPrefix("-"), option != "--command", !seen.insert(option).inserted { return nil }
            switch option {
            case "--create": create = true
            case "--keep-going": keepGoing = true
            case "--echo": echo = true
            case "--no-color": noColor = true
            case "--dry-run": dryRun = true
            case "--atomic": atomic = true
            case "--quiet": quiet = true
            case "--no-pager": noPager = true
            case "--no-rc": noRC = true
            case "--postgres": postgres = true
            case "--install-notify": installNotify = true
            case "--uninstall-notify": uninstallNotify = true
            case "--listen": listen = true
            case "--schema":
                guard let name = value(after: option) else { return nil }
                schema = name
            case "--read-from":
                guard let name = value(after: option) else { return nil }
                readFrom = name
            case "--command":
                guard let command = value(after: option) else { return nil }
                commands.append(command)
            case "--script":
                guard let path = value(after: option) else { return nil }
                script = path
            case "--spec":
                guard let path = value(after: option) else { return nil }
                spec = path
            case "--timeout":
                guard let text = value(after: option), let seconds = Double(text), seconds > 0, seconds.isFinite else { return nil }
                timeout = seconds
            case "--format":
                guard let name = value(after: option), let chosen = OutputFormat(rawValue: name) else { return nil }
                format = chosen
            default:
                // The positional arguments, FILE then TABLE…; `help` is left to ArgumentParser.
                guard !word.hasPrefix("-"), word != "help" else { return nil }
                if file == nil { file = word } else { tables.append(word) }
            }
        }
    }
}

extension Navsh {
    /// The entry point: plain arguments skip ArgumentParser's parse;
    /// everything else, and any validation error (so its message and usage
    /// read as ever), takes ArgumentParser's. `server` is the server store
    /// this executable links, nil for none.
    static func main(server: ServerStoreOpener?) {
        navsh_keep_freed_heap()
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard var plain = Options(plainArguments: arguments) else { return parsedRun(arguments, server: server) }
        #if DEBUG
        if let parsed = try? parseAsRoot(arguments) as? Navsh {
            var fast = "", full = ""
            dump(plain, to: &fast)
            dump(parsed.options, to: &full)
            precondition(fast == full, "PlainArguments is out of date with Navsh's options:\n\(fast)\nvs\n\(full)")
        }
        #endif
        do {
            try plain.validate()
        } catch {
            return parsedRun(arguments, server: server)
        }
        plain.server = server
        do {
            try plain.run()
        } catch {
            exit(withError: error)
        }
    }

    /// ArgumentParser's parse, usage and help, then the same run.
    private static func parsedRun(_ arguments: [String], server: ServerStoreOpener?) {
        var options = parseOrExit(arguments).options
        options.server = server
        do {
            try options.run()
        } catch {
            exit(withError: error)
        }
    }
}
