/// Render workloads. (Filled in by the render work.)
enum RenderBenchmarks {
    static func run(_ report: inout BenchReport) {}
}
