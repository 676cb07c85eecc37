import NavshCore
import NavshTestSupport

/// `help` output in a list frame and in a record frame of the items fixture.
enum SessionFixtureHelp {
    static func listHelp() throws -> String {
        try SessionHarness(Fixtures.items).output("help")
    }

    static func recordHelp() throws -> String {
        try SessionHarness(Fixtures.items).output("open 1", "help").components(separatedBy: "Commands in").last ?? ""
    }
}

import Foundation
