import Foundation

/// Runs a Python script as another program would: to write a file in ways
/// navsh never does (a writer that dies mid-transaction, a table name that
/// is not UTF-8, through SQLite's C API).
public enum PythonScript {
    /// Runs `script` with `arguments` (as `sys.argv[1:]`); throws when it fails, with what it printed.
    public static func run(_ script: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(said: String(decoding: said, as: UTF8.self)) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var said: String
        public var description: String { "python3 failed: \(said)" }
    }
}
