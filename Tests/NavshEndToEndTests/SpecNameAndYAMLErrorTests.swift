import Foundation
import NavshTestSupport
import Testing

/// Spec mistakes a new user or an adversary makes (issue 14): a collection
/// with no name, or one a new table cannot be called, is a spec error (exit
/// 65) and nothing is created; a YAML error is one short line however long
/// or deeply nested the document.
@Suite struct SpecNameAndYAMLErrorTests {
    let navsh = NavshBinary()

    func run(_ spec: String) throws -> (result: NavshBinary.Result, created: Bool) {
        let directory = NSTemporaryDirectory() + "navsh-spec-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try spec.write(toFile: directory + "/app.yaml", atomically: true, encoding: .utf8)
        let result = try navsh.run(["--spec", directory + "/app.yaml", "--create", directory + "/new.sqlite", "-c", "show"])
        return (result, FileManager.default.fileExists(atPath: directory + "/new.sqlite"))
    }

    @Test func aCollectionWithoutANameIsASpecError() throws {
        let (result, created) = try run("collections:\n  \"\":\n    create: true\n    fields:\n      name: {}\n")
        #expect(result.status == 65)
        #expect(result.stderr == "navsh: app.yaml:2: collections.\"\": a collection needs a name (the table it shows)\n")
        #expect(!created)
    }

    @Test func aNewTableNeedsANameItCanHave() throws {
        let (result, created) = try run("collections:\n  \"my table!\":\n    create: true\n    fields:\n      name: {}\n")
        #expect(result.status == 65)
        #expect(result.stderr == "navsh: app.yaml:2: collections.my table!: 'my table!' cannot name a new table; "
            + "use letters, digits and _, starting with a letter (not sqlite_)\n")
        #expect(!created)
    }

    @Test func aYAMLErrorIsOneShortLine() throws {
        for spec in ["collections: " + String(repeating: "[", count: 5_000) + "\n",
                     "collections: {a: \"" + String(repeating: "x", count: 400_000) + "\", b: [}\n"] {
            let (result, created) = try run(spec)
            #expect(result.status == 65)
            #expect(result.stderr.hasPrefix("navsh: app.yaml:1: not valid YAML: "))
            #expect(result.stderr.count < 300, "\(result.stderr.prefix(300))")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(!created)
        }
    }
}
