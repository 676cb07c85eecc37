import NavshCore
import NavshTestSupport
import Testing

/// A field named by a label of several words is matched whole, by every
/// command that names fields: `set Serial Number KB-9` stored `Number KB-9`
/// in the field `serial`. Where the first word alone names another field,
/// the command is refused as ambiguous, saying how to quote.
@Suite struct LabelOfSeveralWordsTests {
    static let gear = "CREATE TABLE gear (id INTEGER PRIMARY KEY, name TEXT, serial TEXT, sn TEXT, count INTEGER);"
        + "INSERT INTO gear (name, serial, sn, count) VALUES ('Amp', 'A-1', 'S-1', 3), ('Mic', 'B-2', 'S-2', 5);"

    /// `serial` labelled `Serial Number`: its label and its name are one field.
    static let labelled = "collections:\n  gear:\n    fields:\n      serial: {label: Serial Number}\n"
        + "      count: {label: Units In Stock}\n"
    /// `sn` labelled `Serial Number`, while `serial` is a field of its own.
    static let twoFields = "collections:\n  gear:\n    fields:\n      sn: {label: Serial Number}\n"

    @Test(arguments: StoreKind.all)
    func setEditUnsetAndShowTakeTheWholeLabel(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.gear, spec: Self.labelled)
        h.run("open 1", "set Serial Number KB-9")
        #expect(h.output("changes") == "  Serial Number: A-1 → KB-9\n")
        #expect(h.output("show Serial Number") == "KB-9\n")
        #expect(h.run("set Units In Stock 7").error == nil)
        #expect(h.output("show Units In Stock") == "7\n")
        #expect(h.run("unset Serial Number").error == nil)
        #expect(h.output("show serial") == "(null)\n")
        #expect(h.run("revert Serial Number").error == nil)
        #expect(h.output("show serial") == "A-1\n")
        // A value quoted after the label is read as set reads it.
        #expect(h.run("set Serial Number \"  padded  \"").error == nil)
        #expect(h.output("show serial") == "  padded  \n")
        #expect(h.run("set Serial Number").error?.message.hasPrefix("set serial: missing value") == true)
        #expect(h.run("edit Serial Number").edit?.field == "serial")
        #expect(h.run("describe Serial Number").error == nil)
        h.run("save")
        #expect(try h.values("SELECT serial, count FROM gear WHERE id = 1") == [["  padded  ", "7"]])
    }

    @Test(arguments: StoreKind.all)
    func whereSortAndColumnsTakeTheWholeLabel(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.gear, spec: Self.labelled)
        let found = h.run("where Serial Number = B-2")
        #expect(found.error == nil, "\(found.error?.message ?? "")")
        #expect(found.output.contains("Mic") && !found.output.contains("Amp"), "\(found.output)")
        h.run("back")
        let sorted = h.run("sort Units In Stock desc")
        #expect(sorted.error == nil, "\(sorted.error?.message ?? "")")
        let rows = sorted.output.split(separator: "\n").filter { $0.contains("Amp") || $0.contains("Mic") }
        #expect(rows.first?.contains("Mic") == true, "\(sorted.output)")
        let columns = h.run("columns Serial Number name")
        #expect(columns.error == nil, "\(columns.error?.message ?? "")")
        #expect(columns.output.contains("Serial Number"), "\(columns.output)")
    }

    @Test(arguments: StoreKind.all)
    func aFirstWordNamingAnotherFieldIsAmbiguousAndQuotingChooses(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Self.gear, spec: Self.twoFields)
        let message = "'Serial Number' names the field sn and 'Serial' the field serial: quote the one you mean "
            + "(\"Serial Number\" or \"Serial\")"
        for line in ["where Serial Number = S-1", "columns Serial Number"] {
            #expect(h.run(line).error?.message.hasSuffix(message) == true, "\(line): \(h.run(line).error?.message ?? "ran")")
        }
        h.run("open 1")
        for line in ["set Serial Number KB-9", "edit Serial Number"] {
            #expect(h.run(line).error?.message.hasSuffix(message) == true, "\(line)")
        }
        // A command taking one field and nothing more reads the label whole.
        #expect(h.run("show Serial Number").output == "S-1\n")
        #expect(h.run("describe Serial Number").error == nil)
        #expect(h.output("changes") == "no unsaved changes\n", "nothing was set")
        #expect(h.run("set 'Serial Number' KB-9").error == nil)
        #expect(h.run("set \"Serial\" Number 7").error == nil)
        #expect(h.output("changes") == "  serial: A-1 → Number 7\n  Serial Number: S-1 → KB-9\n")
        #expect(h.run("unset Serial Number").error == nil)
        #expect(h.output("show sn") == "(null)\n")
        h.run("cancel")
        #expect(h.run("sort Serial Number").error == nil)
    }

    /// A label that is another field's name or label, whatever the case,
    /// is a spec error: `set Number X` wrote the column `number`, not the
    /// field the screen labels `Number`.
    @Test(arguments: StoreKind.all)
    func aLabelNamingAnotherFieldIsASpecError(kind: StoreKind) throws {
        for (spec, words) in [("serial: {label: Count}", "'Count' is the name of the field 'count'"),
                              ("serial: {label: Tag}\n      sn: {label: tag}", "'Tag' is the label of the field 'sn'")] {
            #expect(throws: SpecProblem.self) {
                try SessionHarness(kind, Self.gear, spec: "collections:\n  gear:\n    fields:\n      " + spec + "\n")
            }
            do {
                _ = try SessionHarness(kind, Self.gear, spec: "collections:\n  gear:\n    fields:\n      " + spec + "\n")
            } catch {
                #expect("\(error)".contains(words), "\(error)")
            }
        }
    }
}
