/// Diff workloads. (Filled in by the diff work.)
enum DiffBenchmarks {
    static func run(_ report: inout BenchReport) {}
}
