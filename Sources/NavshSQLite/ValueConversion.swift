import GRDB
import NavshCore

extension Value {
    /// Text as SQLite stored it.
    init(storedText bytes: [UInt8]) {
        self = .text(String(decoding: bytes, as: UTF8.self))
    }

    init(_ dbValue: DatabaseValue) {
        switch dbValue.storage {
        case .null: self = .null
        case .int64(let n): self = .integer(n)
        case .double(let d): self = .real(d)
        case .string(let s): self = .text(s)
        case .blob(let data): self = .blob([UInt8](data))
        }
    }

    /// Where the value goes in SQL, bound to `databaseValue`.
    var sqlPlaceholder: String { "?" }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: return .null
        case .integer(let n): return n.databaseValue
        case .real(let d): return d.databaseValue
        case .text(let s): return s.databaseValue
        case .blob(let bytes): return Data(bytes).databaseValue
        }
    }
}

import Foundation
