/// A small, fast, deterministic random generator (Steele, Lea and Flood's SplitMix64), so a
/// random test case is reproduced exactly from its seed.
package struct SplitMix64: RandomNumberGenerator {
    package private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next number of the sequence.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `true` with probability `p`.
    package mutating func chance(_ p: Double) -> Bool { Double.random(in: 0 ..< 1, using: &self) < p }

    /// A uniform integer in `range`.
    package mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
