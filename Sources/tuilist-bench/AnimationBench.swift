/// Animation workloads. (Filled in by the animation work.)
enum AnimationBenchmarks {
    static func run(_ report: inout BenchReport) {}
}
