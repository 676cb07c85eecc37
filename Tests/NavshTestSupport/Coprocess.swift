import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A running navsh driven through pipes, as another program would drive it:
/// send a line, read until its answer arrives. Reads give up after a
/// deadline, so a bug can fail a test but never hang the suite.
public final class Coprocess {
    public let process: Process
    private let input: FileHandle
    private let output: FileHandle
    private let errors: FileHandle
    public private(set) var stderrText = ""

    public init(_ arguments: [String], binary: NavshBinary = NavshBinary(), home: String? = nil) throws {
        // A line sent after navsh exited must fail that test, not kill the
        // whole test process with SIGPIPE.
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
        process = Process()
        process.executableURL = binary.url
        process.arguments = arguments
        process.environment = NavshBinary.environment(home: home)
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        input = inPipe.fileHandleForWriting
        output = outPipe.fileHandleForReading
        errors = errPipe.fileHandleForReading
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Sends one line (or several, joined by newlines), then reads stdout until `marker` appears.
    @discardableResult
    public func send(_ line: String, until marker: String, seconds: Double = 10) -> String {
        send(line)
        return read(until: marker, from: output, seconds: seconds)
    }

    /// Reads stderr until `marker` appears.
    public func readError(until marker: String, seconds: Double = 10) -> String {
        let text = read(until: marker, from: errors, seconds: seconds)
        stderrText += text
        return text
    }

    /// Sends one line. When navsh has closed its input (it exited), that
    /// is said on `stderrText`, where the test's expectations will see it.
    public func send(_ line: String) {
        do {
            try input.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            stderrText += "[Coprocess: navsh no longer reads its input (\(error)); not sent: \(line)]\n"
        }
    }

    /// Closes standard input and waits for the exit status.
    public func finish() -> Int32 {
        try? input.close()
        process.waitUntilExit()
        stderrText += String(decoding: errors.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus
    }

    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    private func read(until marker: String, from handle: FileHandle, seconds: Double) -> String {
        var received = ""
        let deadline = Date().addingTimeInterval(seconds)
        while !received.contains(marker) && Date() < deadline {
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            received += String(decoding: chunk, as: UTF8.self)
        }
        return received
    }
}
