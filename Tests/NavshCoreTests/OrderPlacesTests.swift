@testable import NavshCore
import Testing

/// The numbers a move gives a manual order: the fewest rows renumbered,
/// and never a number past the ends of a 64-bit integer.
@Suite struct OrderPlacesTests {
    func numbers(_ now: [Int64?]) -> [Int64]? {
        OrderPlaces.fitted(now, keeping: OrderPlaces.kept(now))
    }

    @Test func rowsBetweenTwoKeptOnesAreSpreadAcrossTheGap() {
        #expect(numbers([10, nil, nil, 40]) == [10, 20, 30, 40])
        #expect(numbers([1, 2, 3]) == [1, 2, 3], "nothing to renumber")
    }

    @Test func rowsBeforeOrAfterTheKeptRunCountOnFromIt() {
        #expect(numbers([nil, 5, nil]) == [4, 5, 6])
        #expect(numbers([9, 1, 2, 3]) == [0, 1, 2, 3], "the row moved to the top goes below the rest")
    }

    @Test func ofEqualNumbersOnlyOneKeepsItsNumber() {
        #expect(numbers([1, 1, 1]) == [1, 2, 3])
    }

    /// A trial's find: a move wrote 0 under `CHECK (pos > 0)`, and -32769
    /// to a PostgreSQL smallint. Only rows whose neighbours fit are kept.
    @Test func numbersStayInTheRangeTheFieldAllows() {
        let positive: ClosedRange<Int64> = 1 ... .max
        #expect(OrderPlaces.fitted([3, 1, 2], keeping: OrderPlaces.kept([3, 1, 2], allowed: positive)) == [3, 4, 5])
        let smallint = Int64(Int16.min) ... Int64(Int16.max)
        let now: [Int64?] = [32767, -32768, -32767, 32766]
        #expect(OrderPlaces.fitted(now, keeping: OrderPlaces.kept(now, allowed: smallint)) == [32763, 32764, 32765, 32766])
        #expect(OrderPlaces.kept([1, 2, 3], allowed: 1 ... 2) == [], "three rows cannot fit in 1 to 2")
    }

    @Test func aNumberPastTheEndsOfInt64FallsBackToOneTwoThree() {
        #expect(numbers([.max, nil]) == nil)
        #expect(numbers([nil, .min]) == nil)
        #expect(numbers([nil, nil]) == nil, "no number to keep")
        #expect(numbers([.min, nil, .max]) == [.min, .min + 1, .max], "a gap wider than Int64 holds the row after its start")
    }
}
