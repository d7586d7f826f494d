import ArgumentParser
import Foundation
import KioskCore
import MetroMap
import Physics
import Raster

/// Checks a scheme's labels before it goes on a kiosk: one JSON object on stdout for one view.
struct AuditMapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit-map",
        abstract: "Audit a map's labels for one view and print one JSON object.",
        discussion: """
            Without --camera the configured home view is audited (the whole map fitted when none is configured). \
            Keys: stations, named_stations, named_in_view, labelled_in_view, crossing_line (labels whose text \
            crosses a line), overlapping (labels over another label), cut_by_frame (labels reaching past what any \
            pan at this scale can show), missing_glyphs (labels with characters no configured font has), \
            unlabelled_at_every_zoom (names no scale from the fitted one to [map] max_scale shows), scale, max_scale.
            """)

    @Option(help: "Kiosk config file (TOML).") var config: String?
    @Option(help: "Map file (TOML) or pMetro city folder.") var map: String?
    @Option(help: "Screen size, WxH (1 to 16384 each).") var size: FrameSize
    @Option(parsing: .unconditional,
            help: "Camera X,Y,SCALE: content offset in pixels (|X|, |Y| ≤ 2^30) and scale (1e-6 to 1000).")
    var camera: CameraArgument?

    func run() throws {
        let setup = try MapViewSetup(config: config, map: map, size: size, camera: camera)
        let viewport = Size(width: Double(size.width), height: Double(size.height))
        let audit = MapAudit(builder: setup.builder, view: MapFrameRenderer.View(camera: setup.camera), viewport: viewport,
                             zoom: setup.zoom)
        print(audit.json)
    }
}
