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

/// Whether the programs under test were built with AddressSanitizer or ThreadSanitizer (CI sets
/// their options for those runs): Swift's own crash backtracer does not run under them, and a
/// million-item demo takes minutes to start, so the tests of those two are left to the plain run.
let underSanitizer: Bool = {
    let environment = ProcessInfo.processInfo.environment
    return environment["LSAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil || environment["ASAN_OPTIONS"] != nil
}()
