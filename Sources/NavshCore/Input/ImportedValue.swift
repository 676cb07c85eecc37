/// One field's value as an import file gives it, before it is checked
/// against its field.
enum ImportedValue {
    /// A CSV field: its bytes, and whether it was quoted (an empty
    /// unquoted field is NULL, `""` the empty text; an unquoted `\x…` is a blob).
    case csv(ArraySlice<UInt8>, quoted: Bool)
    /// A TSV field, already unescaped; nil for `\N` (NULL).
    case tsv([UInt8]?)
    /// A TSV field written `\x` and hex digits, as `export` writes a blob.
    case blob([UInt8])
    case json(JSONValue)
}

/// One row of an import file: the line it starts on and its values, each
/// by its field's place in the collection (a copy of the field per value
/// was most of an import's memory).
struct ImportedRow {
    var line: Int
    var values: [(field: Int, value: ImportedValue)]
    /// From an export's version column: each field's digest as exported,
    /// by the field's place in the collection; nil for a field not in the file.
    var exported: [UInt32?]? = nil
}

/// Turns a file's values into stored values, each checked as `set` checks
/// what is typed (kind, range, choices, a reference by title or `#KEY`),
/// so an import refuses exactly what `set` would.
struct ImportChecker {
    let collection: CollectionSchema
    let store: any StoreReader
    let thisYear: Int
    /// A reference typed as a title is looked up once per distinct text.
    private var references: [String: Value] = [:]
    /// Values kept as the file holds them against their column's type
    /// (`holdsAnyType`), the first few: what `export` wrote of a value
    /// stored so, where the file says so unmistakably (a blob, a number).
    /// Text in a number's column stays refused: in a file it reads as a
    /// typo. `keptCount` counts them all.
    private(set) var kept: [ImportProblem] = []
    private(set) var keptCount = 0
    static let keptListed = 3
    /// Whether a row must give every required field: a new row must, an
    /// update (`--update`) keeps what it does not give.
    var requiresAll = true

    /// Each field's plain reading, by place, where it has one.
    private let plain: [PlainColumn?]

    init(collection: CollectionSchema, store: any StoreReader, thisYear: Int) {
        self.collection = collection
        self.store = store
        self.thisYear = thisYear
        plain = collection.fields.map(PlainColumn.init)
    }

    /// The values to insert for `row`, a value per field place (nil for one
    /// the file does not give), or the problem with its first bad field.
    mutating func values(of row: ImportedRow) -> Result<[Value?], ImportProblem> {
        let fields = collection.fields
        var cells = [Value?](repeating: nil, count: fields.count)
        for (place, imported) in row.values {
            if case .csv(let bytes, let quoted) = imported, let value = plain[place]?.value(bytes, quoted: quoted) {
                if fields[place].isRequired && value == .text("") {
                    return .failure(ImportProblem(line: row.line, field: fields[place].shownName, problem: "is required and empty"))
                }
                cells[place] = value
                continue
            }
            do {
                let value = try self.valueAsStored(imported, for: fields[place], line: row.line)
                if fields[place].isRequired && (value.isNull || value == .text("")) {
                    return .failure(ImportProblem(line: row.line, field: fields[place].shownName, problem: "is required and empty"))
                }
                cells[place] = value
            } catch {
                return .failure(ImportProblem(line: row.line, field: fields[place].shownName,
                                              problem: Self.problem(error, field: fields[place])))
            }
        }
        for (field, cell) in zip(fields, cells) where requiresAll && field.isRequired && cell == nil {
            if case .value = field.defaultValue { continue }
            return .failure(ImportProblem(line: row.line, field: field.shownName, problem: "is required and missing"))
        }
        return .success(cells)
    }

    /// The message without a leading `FIELD: `, which the report puts first.
    static func problem(_ error: any Error, field: Field) -> String {
        let words = (error as? CommandError)?.message ?? CommandError.plainWords(error)
        // The message names the field as the screen does (its label); the
        // report has already named it so.
        for prefix in [field.shownName + ": ", field.name + ": "] where words.hasPrefix(prefix) {
            return String(words.dropFirst(prefix.count))
        }
        return words
    }

    /// `value`, or where the field's kind refuses it and the store keeps any
    /// type there, the value as the file holds it, counted in `kept`.
    private mutating func valueAsStored(_ imported: ImportedValue, for field: Field, line: Int) throws -> Value {
        do {
            return try value(imported, for: field)
        } catch {
            guard field.holdsAnyType, Self.isKindRefusal(error), let stored = Self.asWritten(imported, for: field) else { throw error }
            keptCount += 1
            if kept.count < Self.keptListed {
                kept.append(ImportProblem(line: line, field: field.shownName, problem: ValueText.bounded(stored)))
            }
            return stored
        }
    }

    /// A refusal of the value's kind (not a number, binary data in a text
    /// field), not of its range, choices or reference.
    private static func isKindRefusal(_ error: any Error) -> Bool {
        if error is ImportValueError { return true }
        if case CommandError.fields(.notA)? = error as? CommandError { return true }
        if case CommandError.fields(.blobCannotBeSet)? = error as? CommandError { return true }
        return false
    }

    /// The value a file holds where it cannot be mistaken, whatever the
    /// field: a blob (export writes one unlike any text), or a number in a
    /// number's column of another kind (2.5 in an INTEGER column).
    private static func asWritten(_ imported: ImportedValue, for field: Field) -> Value? {
        func number(_ text: String) -> Value? {
            guard [.integer, .real, .numeric].contains(field.kind), DecimalText.isDecimal(text) else { return nil }
            if let whole = Int64(text) { return .integer(whole) }
            // A real as the file writes it, not one a real only nears: a
            // whole number beyond 64 bits was stored rounded, and 1e-400 as 0.
            guard text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let real = Double(text),
                  real.isFinite, real != 0 || !DecimalText.hasNonZeroDigit(text) else { return nil }
            return .real(real)
        }
        switch imported {
        case .csv(let bytes, let quoted):
            if !quoted, let blob = CSVReader.hexBlob(bytes) { return .blob(blob) }
            return String(validating: bytes, as: UTF8.self).flatMap(number)
        case .tsv(let bytes):
            return bytes.flatMap { String(validating: $0, as: UTF8.self) }.flatMap(number)
        case .blob(let bytes):
            return .blob(bytes)
        case .json(.number(let text)):
            return number(text)
        case .json(.object(let members)):
            guard members.count == 1, members[0].0 == "base64", case .string(let encoded) = members[0].1 else { return nil }
            return Base64.decode(encoded).map(Value.blob)
        case .json:
            return nil
        }
    }

    private mutating func value(_ imported: ImportedValue, for field: Field) throws -> Value {
        switch imported {
        case .csv(let bytes, let quoted):
            if bytes.isEmpty && !quoted { return .null }
            if field.kind == .blob || !quoted {
                // Unquoted `\x…` is always a blob (export quotes text that starts so):
                // a field that takes none refuses it, as TSV and JSON Lines do,
                // rather than storing the marker as text.
                if let blob = CSVReader.hexBlob(bytes) { return try value(.blob(blob), for: field) }
                if field.kind == .blob { throw ImportValueError("is binary data: write it as \\x and hex digits") }
            }
            return try bytesValue(bytes, for: field)
        case .tsv(let bytes):
            guard let bytes else { return .null }
            if field.kind == .blob { throw ImportValueError("is binary data: write it as \\x and hex digits") }
            return try bytesValue(bytes[...], for: field)
        case .blob(let bytes):
            guard field.kind == .blob || field.kind == .any else {
                throw ImportValueError("is binary data (\\x…), which a \(field.kind) field does not take")
            }
            return .blob(bytes)
        case .json(let json):
            return try jsonValue(json, for: field)
        }
    }

    private mutating func bytesValue(_ bytes: ArraySlice<UInt8>, for field: Field) throws -> Value {
        // ASCII, most of a file, skips the validator's slower path.
        guard let text = bytes.allSatisfy({ $0 < 0x80 }) ? String(decoding: bytes, as: UTF8.self)
                : String(validating: bytes, as: UTF8.self) else {
            // Text that is not UTF-8 is kept byte for byte where the field takes any text.
            if field.kind == .text || field.kind == .any, field.choices.isEmpty { return try rawText(Array(bytes), for: field) }
            throw ImportValueError("is not valid UTF-8")
        }
        // What `export` writes for an infinite real in CSV and TSV
        // (`DelimitedText`) reads back as it (it was refused as no number); in a text field it
        // stays the text.
        if text == "Inf" || text == "-Inf", field.kind == .real || field.kind == .numeric {
            return .real(text.hasPrefix("-") ? -.infinity : .infinity)
        }
        if text == "NaN", field.keepsNaN { return .real(.nan) }
        return try parse(text, for: field)
    }

    /// Text kept byte for byte, where the store's text can hold it: the
    /// server's refusal at save named no line of the file.
    private func rawText(_ bytes: [UInt8], for field: Field) throws -> Value {
        if field.refusesNUL { throw ImportValueError("is not UTF-8, which the store's text cannot hold") }
        return .rawText(bytes)
    }

    private mutating func jsonValue(_ json: JSONValue, for field: Field) throws -> Value {
        switch json {
        case .null: return .null
        case .bool(let flag): return field.kind == .any ? .integer(flag ? 1 : 0) : try parse(flag ? "true" : "false", for: field)
        case .number(let text):
            if field.kind == .any {
                if let n = Int64(text) { return .integer(n) }
                if let d = Double(text) { return .real(d) }
            }
            if text == "1e999" || text == "-1e999", field.kind == .real || field.kind == .numeric {
                return .real(text.hasPrefix("-") ? -.infinity : .infinity)
            }
            return try parse(text, for: field)
        case .string(let text):
            if field.kind == .blob { throw ImportValueError("is binary data: write it as {\"base64\": \"…\"}") }
            // What export writes for PostgreSQL's NaN, which JSON has no number for.
            if text == "NaN", field.keepsNaN { return .real(.nan) }
            return try parse(text, for: field)
        case .object(let members):
            if members.count == 1, case .string(let encoded) = members[0].1, let bytes = Base64.decode(encoded) {
                if members[0].0 == "base64", field.kind == .blob || field.kind == .any { return .blob(bytes) }
                if members[0].0 == "text_base64", field.kind == .text || field.kind == .any { return try rawText(bytes, for: field) }
            }
            throw ImportValueError("is a JSON object, which only a blob ({\"base64\": …}) or raw text ({\"text_base64\": …}) may be")
        case .array:
            throw ImportValueError("is a JSON array, which no field takes")
        }
    }

    /// As `set FIELD TEXT` reads it: a reference by title or `#KEY`, else the field's kind, range and choices.
    private mutating func parse(_ text: String, for field: Field) throws -> Value {
        if field.kind == .blob { throw CommandError.fields(.blobCannotBeSet(field.name)) }
        if field.references != nil {
            let key = field.name + "\u{0}" + text
            if let known = references[key] { return known }
            let value = try RecordFrame.referenceValue(text, for: field, in: store, thisYear: thisYear, valueIsKey: true)
                ?? ValueParser.parse(text, for: field, thisYear: thisYear)
            references[key] = value
            return value
        }
        return try ValueParser.parse(text, for: field, thisYear: thisYear)
    }
}

/// A value an import file holds that its field cannot take, in the import's words.
struct ImportValueError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
