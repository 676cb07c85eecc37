// Measures, inside one process, what a terminal cannot time precisely: Tab
// completion through the session's completion API (what the prompt calls
// on Tab), at the prompt of a list. Prints one JSON object.
//
// Usage: navsh-bench FILE TEXT [--runs N]
//   e.g. navsh-bench big.sqlite "open Item 9999" --runs 21
// or:    navsh-bench FILE --first-page [--runs N]
//   the first `show` of a store just opened (the page and the bounded
//   count, less process start-up and opening), median of N fresh opens.
import Foundation
import NavshCore
import NavshSQLite

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: navsh-bench FILE TEXT [--runs N]\n".utf8))
    exit(2)
}
let path = arguments[1], text = arguments[2]
var runs = 21
if let i = arguments.firstIndex(of: "--runs"), i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 { runs = n }

if text == "--first-page" {
    do {
        var times: [Double] = []
        for _ in 0..<runs {
            let store = try SQLiteStore(path: path)
            let session = Session(store: store, mode: .script)
            times.append(milliseconds { _ = session.execute("show") })
        }
        times.sort()
        print("{\"median_ms\": \(times[times.count / 2]), \"max_ms\": \(times.last ?? 0)}")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("navsh-bench: \(error)\n".utf8))
        exit(1)
    }
}

do {
    let store = try SQLiteStore(path: path)
    let session = Session(store: store, mode: .interactive)
    _ = session.execute("show")
    var times: [Double] = []
    var last = Completion(word: "", candidates: [])
    for _ in 0..<runs {
        times.append(milliseconds { last = session.completions(before: text) })
    }
    times.sort()
    let titles = last.candidates.filter { !Completion.isNote($0) }
    let result: [String: Any] = [
        "median_ms": times[times.count / 2],
        "max_ms": times.last ?? 0,
        "candidates": titles.count,
        "first": titles.first ?? "",
        "stopped_early": last.candidates.contains(where: Completion.isNote),
    ]
    let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
    print(String(decoding: json, as: UTF8.self))
} catch {
    FileHandle.standardError.write(Data("navsh-bench: \(error)\n".utf8))
    exit(1)
}
