import Foundation
import NavshFuzzing
import Testing

/// Every input the fuzzers ever crashed on (Fuzz/regressions/TARGET/) runs
/// again through the same target, as do the example scripts: a fixed crash
/// stays fixed.
@Suite(.serialized) struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(_ folder: String, _ suffix: String? = nil) -> [URL] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { suffix == nil || $0.hasSuffix(suffix!) }.sorted()
            .map { directory.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    @Test func regressionInputsStillPass() throws {
        for target in ["tokenizer", "session"] {
            for file in Self.files("Fuzz/regressions/\(target)") {
                FuzzTargets.run(target, [UInt8](try Data(contentsOf: file)))
            }
        }
    }

    @Test func exampleScriptsPassTheSessionTarget() throws {
        let scripts = Self.files("examples", ".nav")
        #expect(!scripts.isEmpty)
        for file in scripts {
            let bytes = [UInt8](try Data(contentsOf: file))
            FuzzTargets.session(bytes)
            FuzzTargets.tokenizer(bytes)
        }
    }
}
