import Foundation
import NavshFuzzing

#if FUZZING
/// libFuzzer calls this for every input; NAVSH_FUZZ_TARGET picks the target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.run(target, Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

private let target = ProcessInfo.processInfo.environment["NAVSH_FUZZ_TARGET"] ?? "session"

/// SwiftPM links an executable's entry point as `<module>_main`, so libFuzzer's
/// own `main` is never used: start libFuzzer's driver from here instead.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("navsh_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#else
/// Replays saved inputs through a target: `navsh-fuzz TARGET FILE...`.
@main
struct Replay {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let target = arguments.first else {
            print("usage: navsh-fuzz tokenizer|session FILE...")
            return
        }
        for path in arguments.dropFirst() {
            FuzzTargets.run(target, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        print("replayed \(arguments.count - 1) input(s) through \(target)")
    }
}
#endif
