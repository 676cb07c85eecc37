import Foundation

/// Parses navsh's output with Python's own `csv` module: a real parser,
/// not the code under test reading its own output back.
public enum PythonParsers {
    /// The rows of CSV (`delimiter` ",") or of TSV read as PostgreSQL's text
    /// format does: tab-separated, no quoting (escapes are left as written).
    public static func csvRows(_ bytes: [UInt8], delimiter: String = ",") throws -> [[String]] {
        let quoting = delimiter == "," ? "csv.QUOTE_MINIMAL" : "csv.QUOTE_NONE"
        let script = """
            import csv, io, json, sys
            text = sys.stdin.buffer.read().decode('utf-8', 'surrogateescape')
            rows = list(csv.reader(io.StringIO(text, newline=''), delimiter=\(delimiter == "," ? "','" : "'\\t'"), quoting=\(quoting), strict=True))
            sys.stdout.write(json.dumps(rows))
            """
        let output = try run(script, input: bytes)
        guard let rows = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String]] else {
            throw ParseFailure(output: output)
        }
        return rows
    }

    public struct ParseFailure: Error, CustomStringConvertible {
        public var output: String
        public var description: String { "python3 failed or wrote no rows: \(output)" }
    }

    private static func run(_ script: String, input: [UInt8]) throws -> String {
        let scratch = NSTemporaryDirectory() + "navsh-python-" + UUID().uuidString
        try Data(input).write(to: URL(fileURLWithPath: scratch))
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        process.standardInput = FileHandle(forReadingAtPath: scratch)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw ParseFailure(output: text + String(decoding: errors, as: UTF8.self))
        }
        return text
    }
}
