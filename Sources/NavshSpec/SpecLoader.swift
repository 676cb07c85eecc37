import Foundation
import NavshCore
import Yams

/// Reads an app spec (YAML) into the core's `AppSpec`, refusing anything it
/// does not understand (a misspelt key is an error, not a silent no-op).
///
///     collections:
///       cars:
///         row: "{year} {make} {model}"
///         detail: "{parked:date}"
///         order: parked desc        # or new: top | bottom
///         deletable: true
///         back: guard               # or save
///         fields:
///           make: { label: Make, prompt: "Enter the Make:", placeholder: Car Make, required: true }
///           year: { type: integer, min: 1908, max: this year, default: this year }
public enum SpecLoader {
    /// Why `path` cannot be read (missing, a directory, no permission), or
    /// nil when it can.
    static func unreadableReason(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) != 0 { return String(cString: strerror(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return String(cString: strerror(EISDIR)) }
        let fd = open(path, O_RDONLY)
        if fd < 0 { return String(cString: strerror(errno)) }
        close(fd)
        return nil
    }

    public static func load(path: String) throws -> AppSpec {
        let text: String
        do {
            // The system's own words for a file that cannot be read at all.
            if let reason = unreadableReason(path) {
                var problem = SpecError(file: path, line: 0, key: "", message: "cannot read the spec: \(reason)")
                problem.unreadable = true
                throw problem
            }
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch let problem as SpecError {
            throw problem
        } catch {
            throw SpecError(file: path, line: 1, key: "", message: "not a spec: the file is not UTF-8 text")
        }
        return try parse(text, file: (path as NSString).lastPathComponent)
    }

    public static func parse(_ text: String, file: String = "spec") throws -> AppSpec {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw SpecError(file: file, line: 1, key: "", message: "the spec is empty")
            }
            root = node
        } catch let error as YamlError {
            throw SpecError(file: file, line: line(of: error), key: "", message: "not valid YAML: " + YAMLProblem.words(error))
        }
        let reader = NodeReader(file: file, lines: KeyLines())
        let top = try reader.mapping(root, "", allowed: ["collections"])
        guard let collectionsNode = top["collections"] else {
            throw SpecError(file: file, line: root.mark?.line ?? 1, key: "", message: "missing key 'collections'")
        }
        let collections = try reader.pairs(collectionsNode, "collections").map { name, node in
            let spec = try reader.collection(name, node)
            try reader.checkName(spec, node)
            return spec
        }
        return AppSpec(collections: collections, file: file, lines: reader.lines.byKey)
    }

    private static func line(of error: YamlError) -> Int {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        default:
            return 1
        }
    }
}

/// Where each key was seen, for checks made once the schema is known.
final class KeyLines {
    var byKey: [String: Int] = [:]
}

/// Walks the YAML tree, turning each misfit into a `SpecError` at its node.
struct NodeReader {
    let file: String
    let lines: KeyLines

    func fail(_ node: Node, _ key: String, _ message: String) -> SpecError {
        SpecError(file: file, line: node.mark?.line ?? 0, key: key, message: message)
    }

    /// A mapping's entries in file order, with only `allowed` keys (when given).
    func pairs(_ node: Node, _ key: String, allowed: Set<String>? = nil) throws -> [(String, Node)] {
        guard let mapping = node.mapping else { throw fail(node, key, "expected a mapping of keys to values") }
        return try mapping.map { keyNode, value in
            guard let name = keyNode.string else { throw fail(keyNode, key, "keys must be text") }
            if let allowed, !allowed.contains(name) {
                throw fail(keyNode, join(key, name),
                           "unknown key; expected one of \(allowed.sorted().joined(separator: ", "))")
            }
            if let line = keyNode.mark?.line { lines.byKey[join(key, name)] = line }
            return (name, value)
        }
    }

    func mapping(_ node: Node, _ key: String, allowed: Set<String>) throws -> [String: Node] {
        Dictionary(try pairs(node, key, allowed: allowed), uniquingKeysWith: { a, _ in a })
    }

    func string(_ node: Node, _ key: String) throws -> String {
        guard let text = node.scalar?.string else { throw fail(node, key, "expected text") }
        return text
    }

    func bool(_ node: Node, _ key: String) throws -> Bool {
        switch node.scalar?.string.lowercased() {
        case "true"?, "yes"?: return true
        case "false"?, "no"?: return false
        default: throw fail(node, key, "expected true or false")
        }
    }

    /// A collection names a table: never "", and one the spec creates
    /// must have a name SQLite and people can both use as it is (letters,
    /// digits and `_`, not starting with a digit, not SQLite's own `sqlite_`).
    func checkName(_ spec: CollectionSpec, _ node: Node) throws {
        let line = lines.byKey["collections." + spec.name] ?? node.mark?.line ?? 0
        func fail(_ key: String, _ message: String) -> SpecError {
            SpecError(file: file, line: line, key: key, message: message)
        }
        if spec.name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw fail("collections.\"\(spec.name)\"", "a collection needs a name (the table it shows)")
        }
        let key = "collections." + spec.name
        guard spec.create else { return }
        let isIdentifier = spec.name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } ?? false
            && spec.name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        if !isIdentifier || spec.name.lowercased().hasPrefix("sqlite_") {
            throw fail(key, "'\(TextLayout.printable(spec.name))' cannot name a new table; use letters, digits "
                       + "and _, starting with a letter (not sqlite_)")
        }
    }

    func collection(_ name: String, _ node: Node) throws -> CollectionSpec {
        let key = "collections." + name
        let entries = try mapping(node, key, allowed: [
            "title", "row", "detail", "columns", "order", "new", "deletable", "back", "group", "sections", "move", "fields",
            "create",
        ])
        var spec = CollectionSpec(name: name)
        if let title = entries["title"] { spec.title = try string(title, key + ".title") }
        if let row = entries["row"] { spec.rowTitle = try template(row, key + ".row") }
        if let detail = entries["detail"] {
            // One template, or a list of them for several right-aligned columns.
            spec.rowDetails = try (detail.sequence.map(Array.init) ?? [detail]).map { try template($0, key + ".detail") }
        }
        if let columns = entries["columns"] {
            guard let list = columns.sequence else { throw fail(columns, key + ".columns", "expected a list of fields") }
            spec.columns = try list.map { try string($0, key + ".columns") }
        }
        if let order = entries["order"] {
            let words = try string(order, key + ".order").split(separator: " ").map(String.init)
            guard (1...2).contains(words.count), words.count == 1 || ["asc", "desc"].contains(words[1].lowercased()) else {
                throw fail(order, key + ".order", "expected a field, optionally followed by asc or desc")
            }
            spec.order = SortOrder(field: words[0], descending: words.count == 2 && words[1].lowercased() == "desc")
        }
        if let new = entries["new"] {
            guard let value = CollectionSpec.NewRows(rawValue: try string(new, key + ".new")) else {
                throw fail(new, key + ".new", "expected top or bottom")
            }
            spec.newRows = value
        }
        if let deletable = entries["deletable"] { spec.deletable = try bool(deletable, key + ".deletable") }
        if let create = entries["create"] { spec.create = try bool(create, key + ".create") }
        if let back = entries["back"] {
            guard let value = CollectionSpec.BackPolicy(rawValue: try string(back, key + ".back")) else {
                throw fail(back, key + ".back", "expected guard or save")
            }
            spec.backPolicy = value
        }
        if let group = entries["group"] { spec.group = try string(group, key + ".group") }
        if let sections = entries["sections"] {
            guard let list = sections.sequence else {
                throw fail(sections, key + ".sections", "expected a list of { title: …, fields: [ … ] }")
            }
            spec.recordSections = try list.enumerated().map { i, node in
                let sectionKey = key + ".sections[\(i)]"
                if let line = node.mark?.line { lines.byKey[sectionKey] = line }
                let parts = try mapping(node, sectionKey, allowed: ["title", "fields"])
                guard let title = parts["title"], let fields = parts["fields"]?.sequence else {
                    throw fail(node, sectionKey, "a section needs a title and a list of fields")
                }
                return RecordSection(title: try string(title, sectionKey + ".title"),
                                     fields: try fields.map { try string($0, sectionKey + ".fields") })
            }
        }
        if let move = entries["move"] { spec.manualOrder = try string(move, key + ".move") }
        if let fields = entries["fields"] {
            spec.fields = try pairs(fields, key + ".fields").map { fieldName, node in
                try field(fieldName, node, key + ".fields." + fieldName)
            }
        }
        let known = Set(spec.fields.map { $0.name.lowercased() })
        if let order = spec.order, !known.isEmpty, !known.contains(order.field.lowercased()),
           let node = entries["order"] {
            throw fail(node, key + ".order", "no field '\(order.field)' in this collection's fields")
        }
        return spec
    }

    func field(_ name: String, _ node: Node, _ key: String) throws -> FieldSpec {
        var spec = FieldSpec(name: name)
        // `name:` alone (or `name: {}`) declares a text field with defaults.
        if node.scalar?.string == "" || node.null != nil { return spec }
        let entries = try mapping(node, key, allowed: [
            "label", "prompt", "placeholder", "type", "choices", "required", "min", "max", "default",
            "read-only", "format", "references", "create",
        ])
        if let target = entries["references"] { spec.references = try string(target, key + ".references") }
        if let label = entries["label"] { spec.label = try string(label, key + ".label") }
        if let prompt = entries["prompt"] { spec.prompt = try string(prompt, key + ".prompt") }
        if let placeholder = entries["placeholder"] { spec.placeholder = try string(placeholder, key + ".placeholder") }
        if let type = entries["type"] {
            let text = try string(type, key + ".type")
            guard let kind = FieldSpec.Kind(rawValue: text) else {
                throw fail(type, key + ".type",
                           "unknown type '\(text)'; expected \(FieldSpec.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            spec.kind = kind
        }
        if let choices = entries["choices"] {
            guard let list = choices.sequence else { throw fail(choices, key + ".choices", "expected a list") }
            spec.choices = try list.map { try string($0, key + ".choices") }
            if spec.kind == nil { spec.kind = .choice }
        }
        if spec.kind == .choice && spec.choices.isEmpty {
            throw fail(entries["type"] ?? node, key, "an enum needs choices: [a, b, …]")
        }
        if let required = entries["required"] { spec.required = try bool(required, key + ".required") }
        if let readOnly = entries["read-only"] { spec.readOnly = try bool(readOnly, key + ".read-only") }
        if let create = entries["create"] { spec.create = try bool(create, key + ".create") }
        if let min = entries["min"] { spec.minimum = try bound(min, key + ".min") }
        if let max = entries["max"] { spec.maximum = try bound(max, key + ".max") }
        if let format = entries["format"] {
            guard let value = ValueFormat(spec: try string(format, key + ".format")) else {
                throw fail(format, key + ".format", "expected $, date, medium or 0.N (decimal places)")
            }
            spec.format = value
        }
        if let value = entries["default"] {
            let text = try string(value, key + ".default")
            switch text.lowercased() {
            case "now": spec.defaultValue = .now
            case "today": spec.defaultValue = .today
            case "this year": spec.defaultValue = .thisYear
            default: spec.defaultValue = text.contains("{n}") ? .counter(text) : .literal(text)
            }
        }
        return spec
    }

    func bound(_ node: Node, _ key: String) throws -> FieldSpec.Bound {
        let text = try string(node, key)
        if text.lowercased() == "this year" { return .thisYear }
        guard let number = Double(text), number.isFinite else {
            throw fail(node, key, "expected a number or 'this year'")
        }
        return .number(number)
    }

    func template(_ node: Node, _ key: String) throws -> RowTemplate {
        do {
            return try RowTemplate(try string(node, key))
        } catch let error as CommandError {
            throw fail(node, key, error.message)
        }
    }

    private func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "." + b }
}
