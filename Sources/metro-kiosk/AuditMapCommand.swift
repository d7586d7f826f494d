import ArgumentParser
import Cartography
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
            unlabelled_at_every_zoom (names no scale from the fitted one to [map] max_scale shows), farthest_label_mm \
            (the widest gap on the panel between a label without a leader line and its station's mark), \
            leader_lines (labels joined to their station by a leader line), longest_leader_mm (the longest leader on \
            the panel), leader_crossings (leaders over another name), leaders_across_lines (leaders crossing a line: \
            plated hubs' names), labels_nearer_another_station \
            (labels with another station's mark nearer their text), over_background (labels over the scheme's own \
            captions, bullets, legend keys, notes), interchanges (each interchange in the view: name, labelled, \
            name_beyond_frame: its name placed wholly past the frame, beside its mark at the edge), \
            labels_under_elements (names drawn meeting the [controls] or the [map] legend at rest; they are kept \
            clear, so anything but 0 is a fault), scale, max_scale. --zoom N audits the home view magnified N times about its centre.
            """)

    @Option(help: "Kiosk config file (TOML).") var config: String?
    @Option(help: "Map file (TOML) or pMetro city folder.") var map: String?
    @Option(help: "Screen size, WxH (1 to 16384 each).", transform: SizeOption.init(parsing:)) var size: SizeOption
    @Option(parsing: .unconditional,
            help: "Camera X,Y,SCALE: content offset in pixels (|X|, |Y| ≤ 2^30) and scale (1e-6 to 1000).")
    var camera: CameraArgument?
    @Option(help: "Magnify the home view this many times about its centre (1 to 1000; not with --camera).")
    var zoom: Double?

    func run() throws {
        if zoom != nil && camera != nil { throw ValidationError("--zoom magnifies the home view; give --camera or --zoom") }
        if let zoom, !(zoom >= 1 && zoom <= 1000) { throw ValidationError("--zoom \(zoom): expected 1 to 1000") }
        let setup = try MapViewSetup(config: config, map: map, size: size, camera: camera)
        let viewport = ScreenSize(width: Double(size.width), height: Double(size.height))
        let camera = zoom.map { Self.magnified(setup.camera, by: $0, viewport: viewport) } ?? setup.camera
        // Names keep clear of the controls and the legend as on the kiosk (and in `snapshot`): audited as drawn.
        setup.builder.overlayRegions = KioskControls.labelRegionsAtRest(config: setup.settings, metroMap: setup.map,
                                                                        fonts: setup.fonts, width: size.width,
                                                                        height: size.height, camera: camera)
        let audit = MapAudit(builder: setup.builder, view: MapFrameRenderer.View(camera: camera), viewport: viewport,
                             zoom: setup.zoom,
                             pixelsPerMillimetre: setup.settings.pixelsPerMillimetre(outputWidth: size.width, outputHeight: size.height))
        print(audit.json)
    }

    /// The camera `factor` times closer with the same scheme point at the viewport's centre.
    static func magnified(_ camera: Camera, by factor: Double, viewport: ScreenSize) -> Camera {
        let centreX = camera.offset.x + viewport.width / 2, centreY = camera.offset.y + viewport.height / 2
        return Camera(offset: ScreenPoint(x: centreX * factor - viewport.width / 2, y: centreY * factor - viewport.height / 2),
                      scale: camera.scale * factor)
    }
}
