/// The numbers a manual order takes after a move, changing as few rows as it
/// can. A move to the top of 100,000 rows writes one number, not 100,000:
/// rows keep their numbers along the longest run that still ascends with
/// room between, and only the rest are numbered into the gaps.
enum OrderPlaces {
    /// Numbers for `ids`, in order, given what each row holds now, each
    /// within `allowed` (the field's range and its type's). Of two ways
    /// that write as many rows, the one renumbering `moved` is taken. With
    /// `tidy`, or where no number fits, the order is numbered from 1.
    static func numbers(for ids: [RecordID], holding held: [RecordID: Value], moved: RecordID,
                        allowed: ClosedRange<Int64> = .min ... .max, tidy: Bool) -> [Value] {
        let now: [Int64?] = ids.map { if case .integer(let n)? = held[$0] { n } else { nil } }
        var others = now
        if let place = ids.firstIndex(of: moved) { others[place] = nil }
        let (without, with) = (kept(others, allowed: allowed), kept(now, allowed: allowed))
        guard !tidy, let numbers = fitted(now, keeping: without.count >= with.count ? without : with) else {
            // From 1, or from the lowest number allowed above it.
            let first = max(1, allowed.lowerBound)
            return ids.indices.map { .integer(first &+ Int64($0)) }
        }
        return numbers.map { .integer($0) }
    }

    /// The rows that keep their numbers: a longest run whose numbers ascend
    /// by at least one a place, so the rows between them fit in between.
    /// That is a longest non-decreasing run of `number - place`, found from
    /// the end so that of equal runs the one kept starts earliest. A row
    /// is kept only where the rows before and after it fit in `allowed`.
    static func kept(_ now: [Int64?], allowed: ClosedRange<Int64> = .min ... .max) -> [Int] {
        let (highest, overflow) = allowed.upperBound.subtractingReportingOverflow(Int64(max(now.count - 1, 0)))
        let slack: [Int64?] = now.enumerated().map { place, number in
            guard let number, !overflow else { return nil }
            let (value, overflow) = number.subtractingReportingOverflow(Int64(place))
            return overflow || value < allowed.lowerBound || value > highest ? nil : value
        }
        var starts: [Int] = []  // starts[k]: where the best run of k + 1 rows starts
        var next = [Int](repeating: -1, count: now.count)
        for place in now.indices.reversed() {
            guard let value = slack[place] else { continue }
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if slack[starts[middle]]! >= value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { next[place] = starts[low - 1] }
            if low == starts.count { starts.append(place) } else { starts[low] = place }
        }
        var run: [Int] = []
        var place = starts.last ?? -1
        while place >= 0 {
            run.append(place)
            place = next[place]
        }
        return run
    }

    /// Every row's number: the kept rows hold theirs, rows between two of
    /// them are spread across the gap, and rows before the first or after
    /// the last count down or up from it. Nil when a number would overflow.
    static func fitted(_ now: [Int64?], keeping kept: [Int]) -> [Int64]? {
        guard let first = kept.first, let last = kept.last else { return nil }
        var numbers = [Int64](repeating: 0, count: now.count)
        for place in 0..<first {
            let (value, overflow) = now[first]!.subtractingReportingOverflow(Int64(first - place))
            if overflow { return nil }
            numbers[place] = value
        }
        for (low, high) in zip(kept, kept.dropFirst()) + [(last, last)] {
            numbers[low] = now[low]!
            let between = Int64(high - low)
            guard between > 1 else { continue }
            let (gap, overflow) = now[high]!.subtractingReportingOverflow(now[low]!)
            let step = overflow ? 1 : gap / between
            for offset in 1..<Int(between) { numbers[low + offset] = now[low]! + step * Int64(offset) }
        }
        for place in (last + 1)..<now.count {
            let (value, overflow) = now[last]!.addingReportingOverflow(Int64(place - last))
            if overflow { return nil }
            numbers[place] = value
        }
        return numbers
    }
}
