/// How an animation's progress follows time: maps a linear fraction of the phase (0...1) to
/// a fraction of the way travelled (0...1).
///
/// Every curve maps 0 to 0 and 1 to 1, and inputs outside 0...1 are clamped, so a row is
/// exactly at its start at the start and exactly at its end at the end.
public enum Easing: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Cubic ease-in-out: starts slowly, speeds up, slows down at the end.
    case easeInOut
    /// Cubic ease-out: starts fast, slows down at the end (RecyclerView's default feel).
    case easeOut

    /// The fraction of the way travelled after `fraction` of the phase.
    ///
    /// - Parameter fraction: elapsed part of the phase; clamped to 0...1.
    /// - Returns: a value in 0...1, 0 for 0 and 1 for 1.
    func callAsFunction(_ fraction: Double) -> Double {
        let p = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        switch self {
        case .linear:
            return p
        case .easeInOut:
            if p < 0.5 { return 4 * p * p * p }
            let q = -2 * p + 2
            return 1 - q * q * q / 2
        case .easeOut:
            let q = 1 - p
            return 1 - q * q * q
        }
    }
}
