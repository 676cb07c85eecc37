import NavshCore

/// Reads a column's DEFAULT clause as SQLite reports it. Literals become
/// values a draft can show; anything else (CURRENT_TIMESTAMP, an expression
/// in parentheses) is left for SQLite to evaluate at insert.
enum DefaultValueSQL {
    static func parse(_ sql: String?) -> Field.Default {
        guard let raw = sql?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return .none }
        let upper = raw.uppercased()
        if upper == "NULL" { return .value(.null) }
        if upper == "TRUE" { return .value(.integer(1)) }
        if upper == "FALSE" { return .value(.integer(0)) }
        if let n = Int64(raw) { return .value(.integer(n)) }
        if let d = Double(raw), d.isFinite, raw.allSatisfy({ $0.isNumber || "+-.eE".contains($0) }) {
            return .value(.real(d))
        }
        if raw.count >= 2, raw.hasPrefix("'"), raw.hasSuffix("'") {
            let body = raw.dropFirst().dropLast()
            // A lone quote inside means this is not one literal ('a' || 'b').
            let unescaped = body.replacingOccurrences(of: "''", with: "")
            if !unescaped.contains("'") {
                return .value(.text(body.replacingOccurrences(of: "''", with: "'")))
            }
        }
        return .expression(raw)
    }
}

import Foundation
