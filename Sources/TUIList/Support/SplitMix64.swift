/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64): the
/// package's one seeded generator, so the demo's `--seed`, a benchmark's data and a random test
/// case all repeat exactly from their seed.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let picks = (0 ..< 3).map { _ in random.int(0 ... 9) }   // the same three every run
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state: the seed, advanced once per number drawn.
    package private(set) var state: UInt64

    /// A generator that starts from `seed`.
    /// - Parameter seed: Any value; the same seed gives the same numbers.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    /// - Returns: The number.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `p`.
    /// - Parameter p: The probability, 0 to 1.
    /// - Returns: Whether the draw fell under `p`.
    package mutating func chance(_ p: Double) -> Bool { Double.random(in: 0 ..< 1, using: &self) < p }

    /// A uniform integer in `range`.
    /// - Parameter range: The range.
    /// - Returns: The integer.
    package mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
