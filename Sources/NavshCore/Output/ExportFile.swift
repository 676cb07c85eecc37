#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written whole or not at all: bytes go to a temporary file in the
/// destination's folder, which `finish` moves into place (without
/// replacing an existing file unless asked, decided at that very moment by
/// `link`, so a file that appeared meanwhile is never overwritten);
/// `abandon` removes it.
final class ExportFile {
    let path: String
    let replacing: Bool
    /// Where the bytes go: `path`, or the file a link at `path` names, which
    /// `export!` replaces as a shell's `>` would (it put a file in the link's place).
    private let target: String
    private let temporary: String
    private var fd: Int32

    init(path: String, replacing: Bool) throws(CommandError) {
        self.path = path
        self.replacing = replacing
        if !replacing && Self.exists(path) { throw .export(.exists(path: path)) }
        let path = replacing ? Self.resolved(path) : path
        target = path
        let (folder, name) = Self.temporaryName(beside: path)
        var template = Array((folder + name).utf8CString)
        fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        temporary = String(cString: template)
        guard fd >= 0 else { throw .export(.cannotWrite(path: path, reason: Self.lastError)) }
        // mkstemp makes it 0600: give it the mode a new file gets under the
        // umask, or the replaced file's own (a fixed 0644 made an export
        // world-readable under umask 077, and export! opened a 0600 file).
        fchmod(fd, Self.replacedMode(path) ?? (0o666 & ~Self.umaskNow))
    }

    /// The permission bits of the file at `path`, nil when there is none;
    /// never set-user-ID or set-group-ID, which no export should carry.
    private static func replacedMode(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }

    /// The file a symbolic link at `path` names, or `path` itself.
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// The process's umask, which can only be read by setting it.
    private static var umaskNow: mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    func write(_ bytes: [UInt8]) throws(CommandError) {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .export(.cannotWrite(path: path, reason: Self.lastError))
            }
            rest = rest.dropFirst(written)
        }
    }

    /// Flushes the file to disk and puts it in place.
    func finish() throws(CommandError) {
        guard fsync(fd) == 0, close(fd) == 0 else { throw .export(.cannotWrite(path: path, reason: Self.lastError)) }
        fd = -1
        if replacing {
            guard rename(temporary, target) == 0 else { throw .export(.cannotWrite(path: path, reason: Self.lastError)) }
        } else {
            guard link(temporary, path) == 0 else {
                if errno == EEXIST { throw .export(.exists(path: path)) }
                throw .export(.cannotWrite(path: path, reason: Self.lastError))
            }
            unlink(temporary)
        }
    }

    /// Removes the temporary file; the destination is as it was.
    func abandon() {
        if fd >= 0 { close(fd) }
        fd = -1
        unlink(temporary)
    }

    /// What `init` and the rename would refuse, checked without making a
    /// file: a dry run's export writes none, yet fails as the real one would.
    static func check(path: String, replacing: Bool) throws(CommandError) {
        if !replacing && exists(path) { throw .export(.exists(path: path)) }
        let target = replacing ? resolved(path) : path
        let (folder, name) = temporaryName(beside: target)
        func refuse(_ code: Int32) -> CommandError { .export(.cannotWrite(path: path, reason: String(cString: strerror(code)))) }
        if name.utf8.count > Int(NAME_MAX) { throw refuse(ENAMETOOLONG) }
        var info = stat()
        if stat(target, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw refuse(EISDIR) }
        guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else { throw refuse(errno) }
    }

    /// The folder of `path` (empty for the current one) and the name of
    /// the temporary file written there, `.NAME.navsh-XXXXXX`, as mkstemp takes it.
    private static func temporaryName(beside path: String) -> (folder: String, name: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        return (folder, "." + (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".navsh-XXXXXX")
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
