import Foundation

/// Runs the built `navsh` executable, as a user or another program would.
public struct NavshBinary {
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public let url: URL

    /// `NAVSH_BIN`, else the `navsh` next to the test bundle in `.build/<triple>/debug/`.
    public init() {
        if let override = ProcessInfo.processInfo.environment["NAVSH_BIN"] {
            url = URL(fileURLWithPath: override)
            return
        }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = me.deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("navsh").path),
              directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        url = directory.appendingPathComponent("navsh")
    }

    /// The navsh binary at `url` (a copy, for what depends on where it lies).
    public init(url: URL) {
        self.url = url
    }

    /// Runs navsh with `arguments`, feeding `stdin` and waiting for it to exit.
    /// HOME and XDG folders point into `home`, so no test touches the user's files.
    /// Input and output go through files, so no size of either can deadlock.
    public func run(_ arguments: [String], stdin: String? = nil, stdinBytes: [UInt8]? = nil,
                    home: String? = nil, environment extra: [String: String] = [:]) throws -> Result {
        let scratch = NSTemporaryDirectory() + "navsh-run-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let inPath = scratch + "/stdin", outPath = scratch + "/stdout", errPath = scratch + "/stderr"
        FileManager.default.createFile(atPath: inPath, contents: Data(stdinBytes ?? Array((stdin ?? "").utf8)))
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)

        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = Self.environment(home: home).merging(extra) { $1 }
        process.standardInput = FileHandle(forReadingAtPath: inPath)
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: try String(contentsOfFile: outPath, encoding: .utf8),
                      stderr: try String(contentsOfFile: errPath, encoding: .utf8))
    }

    /// Runs a `/bin/sh -c` command line in which `"$NAVSH"` is this navsh,
    /// for what only a shell sets up (pipes to other programs, /dev/full).
    /// Returns the shell's status and its standard error.
    public func shell(_ command: String, home: String, arguments: [String] = []) throws -> (status: Int32, stderr: String) {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", command, "sh"] + arguments
        shell.environment = Self.environment(home: home).merging(["NAVSH": url.path]) { $1 }
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        return (shell.terminationStatus, text)
    }

    /// A temporary HOME and XDG folders, UTF-8, and nothing from the developer's shell.
    static func environment(home: String?) -> [String: String] {
        let home = home ?? NSTemporaryDirectory()
        var environment = ["LANG": "C.UTF-8", "HOME": home, "PATH": "/usr/bin:/bin"]
        environment["XDG_DATA_HOME"] = home + "/data"
        environment["XDG_STATE_HOME"] = home + "/state"
        return environment
    }
}
