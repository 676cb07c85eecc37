import GRDB
import NavshCore

extension Value {
    /// Text as SQLite stored it: a String when the bytes are UTF-8 (NULs
    /// included), else the bytes themselves.
    init(storedText bytes: [UInt8]) {
        if let text = String(validating: bytes, as: UTF8.self) {
            self = .text(text)
        } else {
            self = .rawText(bytes)
        }
    }

    /// Where the value goes in SQL, bound to `databaseValue`.
    /// GRDB binds text up to its first NUL, so text holding a NUL, or bytes
    /// that are not UTF-8, is bound as a blob and cast back to text.
    var sqlPlaceholder: String { exactTextBytes == nil ? "?" : "CAST(? AS TEXT)" }

    /// The bytes of text GRDB cannot bind as a string; nil for everything else.
    private var exactTextBytes: [UInt8]? {
        switch self {
        case .text(let s) where Self.containsNUL(s): return Array(s.utf8)
        case .rawText(let bytes): return bytes
        default: return nil
        }
    }

    /// memchr over the UTF-8 bytes: a 100 MB value is checked in milliseconds.
    private static func containsNUL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let start = bytes.baseAddress else { return false }
            return memchr(start, 0, bytes.count) != nil
        }
    }

    var databaseValue: DatabaseValue {
        if let bytes = exactTextBytes { return Data(bytes).databaseValue }
        switch self {
        case .null: return .null
        case .integer(let n): return n.databaseValue
        case .real(let d): return d.databaseValue
        case .text(let s): return s.databaseValue
        case .rawText(let bytes): return Data(bytes).databaseValue
        case .blob(let bytes): return Data(bytes).databaseValue
        }
    }
}

import Foundation
