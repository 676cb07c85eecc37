/// A refused command: one line that says what is wrong and how to fix it.
/// A command that throws this has changed nothing.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
