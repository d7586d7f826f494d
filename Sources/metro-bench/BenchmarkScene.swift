import Raster

/// A scene to render in a benchmark row: where it came from (in the case name) and the viewport size.
/// The synthetic scene builds one; a real map converted to a `Scene` drops in the same way.
struct BenchmarkScene {
    let name: String
    let width: Int
    let height: Int
    let scene: Scene

    var sizeName: String { "\(width)x\(height)" }
}
