import ArgumentParser
import Foundation
import KioskCore
import LiveTimetable
import MetroMap
import Physics
import Raster
import Realtime
import TOMLDocument
import TouchInput
import Diagnostics

/// Renders one frame of the map to a PNG, exactly as the kiosk would show that camera.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render one frame of the map to a PNG file.",
        discussion: """
            Without --map the configured map is used (the bundled demo when none is configured). --map takes a map \
            file (TOML) or a pMetro city folder. Without --camera the view is the kiosk's home view. The frame is the kiosk's \
            own first frame at that camera: the controls of [controls] at rest, the legend of [map] legend, the "You are \
            here" callout of [map] you_are_here (and its departures board when the config has a timetable). The camera is \
            X,Y,SCALE: the content offset in pixels (as frames.jsonl logs it) and output pixels per scheme unit. --out \
            must be a new path or a regular file (replaced atomically); anything else is refused with exit 73.
            """)

    @Option(help: "Kiosk config file (TOML).") var config: String?
    @Option(help: "Map file (TOML) or pMetro city folder.") var map: String?
    @Option(help: "Frame size, WxH (1 to 16384 each).", transform: SizeOption.init(parsing:)) var size: SizeOption
    @Option(parsing: .unconditional,
            help: "Camera X,Y,SCALE: content offset in pixels (|X|, |Y| ≤ 2^30) and scale (1e-6 to 1000).")
    var camera: CameraArgument?
    @Option(help: "Magnify the home view this many times about its centre (1 to 1000; not with --camera).")
    var zoom: Double?
    @Option(help: "PNG file to write.") var out: String
    @Option(help: "FROM,TO station ids: the view after a tap on TO at a kiosk standing at FROM (journey card at peek, route drawn, camera fitted to it).")
    var route: String?
    @Option(help: "With the config's [network] timetable: the card and the departures board as worded at \"YYYY-MM-DD HH:MM\" (the feed's local time).")
    var at: String?
    @Option(help: "With --at: a GTFS-realtime feed file (repeatable) taken as received at --at: its alerts and predictions on the card, the strip and the map.")
    var realtime: [String] = []

    func run() throws {
        if zoom != nil && camera != nil { throw ValidationError("--zoom magnifies the home view; give --camera or --zoom") }
        if let zoom, !(zoom >= 1 && zoom <= 1000) { throw ValidationError("--zoom \(zoom): expected 1 to 1000") }
        let setup = try MapViewSetup(config: config, map: map, size: size, camera: camera)
        let (settings, metroMap, fonts) = (setup.settings, setup.map, setup.fonts)
        let view: KioskStill.View
        if let route {
            let ids = route.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard ids.count == 2 else { throw ValidationError("--route takes FROM,TO (two station ids), found \"\(TOMLText.excerpt(route))\"") }
            for id in ids where metroMap.station(id: id) == nil {
                FileHandle.standardError.write(Data("snapshot: no station with id \"\(TOMLText.excerpt(id))\" in \(TOMLText.excerpt(metroMap.name))\n".utf8))
                throw ExitCode(Sysexit.dataError)
            }
            view = .route(from: ids[0], to: ids[1])
        } else if let camera {
            view = .camera { _ in Camera(offset: ScreenPoint(x: camera.x, y: camera.y), scale: camera.scale) }
        } else if let zoom {
            let viewport = ScreenSize(width: Double(size.width), height: Double(size.height))
            view = .camera { home in AuditMapCommand.magnified(home, by: zoom, viewport: viewport) }
        } else {
            view = .home
        }
        let (timetable, moment) = try timetableMoment(settings)
        let frame: PixelBuffer
        do {
            // The kiosk's own loop draws it: the map, its names and everything over it composed as on the kiosk.
            frame = try KioskStill.render(view, settings: settings, map: metroMap, fonts: fonts, width: size.width, height: size.height,
                                          timetable: timetable, at: moment, realtime: try realtimeSnapshot(at: moment),
                                          onMissingGlyphs: { text, missing in
                let codes = missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                FileHandle.standardError.write(Data("warning: no configured font has a glyph for \(codes) in \"\(TOMLText.excerpt(text))\"; drawn without it\n".utf8))
            })
        } catch let failure as KioskStill.Failure {
            FileHandle.standardError.write(Data("snapshot: \(failure)\n".utf8))
            throw ExitCode(Sysexit.dataError)
        }
        try OutputFailure.writingPNG { () throws(PNGError) in try writePNG(frame, to: out) }
    }
}

extension SnapshotCommand {
    /// The config's `[network]` timetable (paths relative to the config) and `--at` read in its zone; without
    /// `--at` the card is worded at the time of the run, as a kiosk would word it now.
    func timetableMoment(_ settings: KioskConfig) throws -> (KioskTimetable?, Date?) {
        let timetable = try KioskSettingsArgument.timetable(settings, configPath: config, command: "snapshot")
        guard let at else { return (timetable, nil) }
        guard let timetable else { throw ValidationError("--at needs the config's [network] timetable and links") }
        guard let moment = timetable.instant(local: at) else {
            throw ValidationError("--at \"\(TOMLText.excerpt(at))\" is not \"YYYY-MM-DD HH:MM\" (the feed's local time)")
        }
        return (timetable, moment)
    }
}

extension SnapshotCommand {
    /// `--realtime` files decoded, each a source whose last good feed arrived at `moment`; nil without them.
    func realtimeSnapshot(at moment: Date?) throws -> RealtimeSnapshot? {
        guard !realtime.isEmpty else { return nil }
        guard let moment else { throw ValidationError("--realtime needs --at (the moment the feeds are taken as received)") }
        var sources: [RealtimeSnapshot.Source] = []
        for path in realtime {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("snapshot: \(TOMLText.excerpt(path)): cannot be read\n".utf8))
                throw ExitCode(Sysexit.noInput)
            }
            let feed: RealtimeFeed
            do {
                feed = try RealtimeFeedDecoder.decode([UInt8](data), source: path)
            } catch {
                FileHandle.standardError.write(Data("snapshot: \(error)\n".utf8))
                throw ExitCode(Sysexit.dataError)
            }
            var health = SourceHealth(source: "file://" + path)
            health.lastGoodAtSeconds = moment.timeIntervalSince1970
            health.feedTimestamp = feed.timestamp
            sources.append(.init(health: health, feed: feed))
        }
        return RealtimeSnapshot(sources: sources)
    }
}

struct CameraArgument: ExpressibleByArgument {
    var x: Double
    var y: Double
    var scale: Double

    init?(argument: String) {
        let parts = argument.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let scale = parts[2],
              CameraLimits.contains(Camera(offset: ScreenPoint(x: x, y: y), scale: scale)) else { return nil }
        self.x = x
        self.y = y
        self.scale = scale
    }
}
