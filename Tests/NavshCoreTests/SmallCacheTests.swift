import NavshCore
import Testing

@Suite struct SmallCacheTests {
    @Test func keepsReplacesForgetsAndDropsTheOldestPastItsLimit() {
        var cache = SmallCache<String, Int>(limit: 2)
        cache["a"] = 1
        cache["b"] = 2
        cache["a"] = 10
        #expect(cache["a"] == 10, "replaced in place")
        cache["c"] = 3
        #expect(cache["a"] == nil, "the oldest entry goes first")
        #expect(cache["b"] == 2 && cache["c"] == 3)
        cache["b"] = nil
        #expect(cache["b"] == nil && cache["c"] == 3)
        cache.removeAll()
        #expect(cache["c"] == nil)
    }
}
