import Foundation

/// How many times slower than a plain debug build the programs under test run: 1 unless
/// `TUILIST_E2E_SLOWDOWN` says otherwise. CI sets it for the ThreadSanitizer run, whose
/// binaries run several times slower than plain ones. Only the checks that bound a
/// responsiveness figure (a frame at least every 200 ms, Ctrl-C answered within a second)
/// scale with it; what the screen must show does not change.
let slowdown: Double = {
    guard let text = ProcessInfo.processInfo.environment["TUILIST_E2E_SLOWDOWN"] else { return 1 }
    guard let factor = Double(text), factor >= 1, factor <= 20 else {
        fatalError("TUILIST_E2E_SLOWDOWN must be a number from 1 to 20 (got '\(text)')")
    }
    return factor
}()
