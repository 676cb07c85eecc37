import Foundation

/// Where the prompt's history for one store lives: one file per store, so
/// commands for one database are not offered for another.
/// `$XDG_STATE_HOME/navsh/history/NAME-HASH` (else `~/.local/state/navsh/…`),
/// NAME being the store's file name and HASH its full path's.
enum HistoryLocation {
    static func path(forStore storePath: String, environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        let absolute = URL(fileURLWithPath: storePath).standardizedFileURL.resolvingSymlinksInPath().path
        let name = URL(fileURLWithPath: absolute).deletingPathExtension().lastPathComponent
        let safeName = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(40))
        return base + "/navsh/history/" + safeName + "-" + fnv1a(absolute)
    }

    /// Creates the folder, readable by its owner only.
    static func prepare(_ path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// A stable 64-bit hash (Swift's Hasher is seeded per process).
    private static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
