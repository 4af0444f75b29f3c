import Foundation

/// The demo's bundled sample data. SwiftPM copies `sample-data.json` into the build's
/// resource bundle, so the demo finds it from any working directory.
public enum DemoResources {
    /// The URL of `sample-data.json`, or `nil` if the resource bundle is missing.
    public static var sampleDataURL: URL? {
        Bundle.module.url(forResource: "sample-data", withExtension: "json")
    }
}
