#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `navsh` links no PostgreSQL store: SwiftNIO and BoringSSL in the binary
/// cost every SQLite run start-up time and memory (relocations, pages
/// touched) although it never runs their code. A PostgreSQL target (a URL
/// or `--postgres`) is run by `navsh-postgres`, the same command line with
/// the PostgreSQL store linked in, found next to navsh's own binary and
/// exec'd in its place: same process, arguments, environment and streams.
enum CompanionBinary {
    static let name = "navsh-postgres"

    /// Why the companion could not be run: one line, with where it was looked for.
    struct Missing: Error, CustomStringConvertible {
        var path: String?
        var reason = "not found"

        var description: String {
            "PostgreSQL needs \(CompanionBinary.name) next to navsh"
                + (path.map { " (\($0))" } ?? "") + ": \(reason); make install installs both"
        }
    }

    /// Beside this executable, symbolic links resolved (the kernel's own name for it).
    static func path() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let me = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = me.lastIndex(of: "/") else { return nil }
        return me[...slash] + name
    }

    /// Replaces this process with the companion, given `arguments` as they
    /// came (argv[0] included). Returns only when it could not, saying why.
    static func exec(arguments: [String]) -> Missing {
        guard let path = path() else {
            return Missing(path: nil, reason: "/proc/self/exe does not say where navsh is")
        }
        var argv = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        let failure = errno
        for word in argv { free(word) }
        return Missing(path: path, reason: failure == ENOENT ? "not found" : String(cString: strerror(failure)))
    }
}
