import MetroMap
import Overlay
import Physics
import TOMLDocument

extension KioskConfig {
    /// `[controls]`: on-screen buttons, the overview inset and the idle warning, for passengers who cannot pinch,
    /// cannot read the first language or read slowly. Without the section the kiosk shows none of them.
    public struct ControlsSettings: Equatable, Sendable {
        public var placement = ControlsPlacement()
        public var zoom = true
        public var home = true
        /// Shown only when `[map] languages` names more than one language.
        public var language = true
        public var accessible = true
        public var inset = true
        /// The station search button, heading the column: it opens the search sheet (field, keyboard, results).
        public var search = true
        /// Seconds before the idle return that the countdown bar appears; 0: no warning.
        public var idleWarningSeconds = 10.0
        /// `accessible_default`: accessible mode on at start and after every idle return (the button still turns it
        /// off for one passenger), for kiosks where most travellers need it.
        public var accessibleByDefault = false
        /// `mounting_height_mm`: the panel's bottom edge above the floor. The controls then keep within the
        /// 380–1220 mm reach range (ADA §308) as `height_mm` would, moving down on a panel mounted high.
        public var mountingHeightMillimetres: Double?
        public static let reachMillimetres = 380.0...1220.0

        public init() {}

        /// The buttons shown for a map drawn in `languages`, top to bottom.
        public func buttons(languages: [String]) -> [ControlKind] {
            var kinds: [ControlKind] = []
            if search { kinds.append(.search) }
            if zoom { kinds += [.zoomIn, .zoomOut] }
            if home { kinds.append(.home) }
            if language, languages.count > 1 { kinds.append(.language) }
            if accessible { kinds.append(.accessible) }
            return kinds
        }
    }

    /// The panel in millimetres as check-config lays the controls out on it, before any display is opened (so
    /// without the connector's size): `panelSize` of the configured mode; nil when neither `[input] panel_size_mm`
    /// nor `[display] mode` is set. On the kiosk the controls use `panelSize` with the connector's size.
    var controlsPanelMillimetres: MillimetreSize? {
        guard input.panelSizeMillimetres != nil || display.mode != nil else { return nil }
        let upright = display.rotation.uprightSize(scanoutWidth: display.mode?.width ?? 0, scanoutHeight: display.mode?.height ?? 0)
        let panel = panelSize(width: upright.width, height: upright.height)
        return panel.millimetres
    }
}

extension KioskConfigLoader {
    static func readControls(_ table: TOMLTable, into config: inout KioskConfig, reader: inout ConfigReader) {
        let subject = "[controls]", path = "controls"
        var controls = KioskConfig.ControlsSettings()
        reader.rejectUnknownKeys(in: table, allowed: ["corner", "button_mm", "gap_mm", "margin_mm", "height_mm", "inset_mm", "zoom",
                                                      "home", "language", "accessible", "inset", "idle_warning_s",
                                                      "accessible_default", "mounting_height_mm", "search"],
                                 path: path, subject: subject)
        controls.placement.corner = reader.choice(table, "corner", path: path, subject: subject) ?? controls.placement.corner
        controls.placement.buttonMillimetres = reader.number(table, "button_mm", path: path, subject: subject,
                                                             in: ControlsPlacement.buttonRange) ?? controls.placement.buttonMillimetres
        controls.placement.gapMillimetres = reader.number(table, "gap_mm", path: path, subject: subject, in: ControlsPlacement.gapRange)
            ?? controls.placement.gapMillimetres
        controls.placement.marginMillimetres = reader.number(table, "margin_mm", path: path, subject: subject,
                                                             in: ControlsPlacement.marginRange) ?? controls.placement.marginMillimetres
        controls.placement.insetMillimetres = reader.number(table, "inset_mm", path: path, subject: subject, in: ControlsPlacement.insetRange)
            ?? controls.placement.insetMillimetres
        if let range = reader.numbers(table, "height_mm", count: 2, meaning: "[lowest, highest] in millimetres above the panel's bottom edge",
                                      path: path, subject: subject) {
            if range[0] >= 0, range[0] < range[1], range[1] <= 10_000 {
                controls.placement.heightMillimetres = range[0]...range[1]
            } else {
                reader.error("\(subject): 'height_mm' must be [lowest, highest] with 0 ≤ lowest < highest ≤ 10000, found "
                             + "[\(TOMLText.number(range[0])), \(TOMLText.number(range[1]))]", at: "controls.height_mm")
            }
        }
        controls.zoom = reader.bool(table, "zoom", path: path, subject: subject) ?? controls.zoom
        controls.home = reader.bool(table, "home", path: path, subject: subject) ?? controls.home
        controls.language = reader.bool(table, "language", path: path, subject: subject) ?? controls.language
        controls.accessible = reader.bool(table, "accessible", path: path, subject: subject) ?? controls.accessible
        controls.inset = reader.bool(table, "inset", path: path, subject: subject) ?? controls.inset
        controls.search = reader.bool(table, "search", path: path, subject: subject) ?? controls.search
        controls.idleWarningSeconds = reader.number(table, "idle_warning_s", path: path, subject: subject, in: 0...600)
            ?? controls.idleWarningSeconds
        controls.accessibleByDefault = reader.bool(table, "accessible_default", path: path, subject: subject)
            ?? controls.accessibleByDefault
        if let mounting = reader.number(table, "mounting_height_mm", path: path, subject: subject, in: 0...10_000) {
            let reach = KioskConfig.ControlsSettings.reachMillimetres
            if table.contains(key: "height_mm") {
                reader.error("\(subject): give 'height_mm' or 'mounting_height_mm', not both", at: "controls.mounting_height_mm")
            } else if mounting >= reach.upperBound {
                reader.error("\(subject): a panel mounted \(TOMLText.number(mounting)) mm above the floor has no part within the "
                             + "\(TOMLText.number(reach.lowerBound))–\(TOMLText.number(reach.upperBound)) mm reach range",
                             at: "controls.mounting_height_mm")
            } else {
                // The reach range measured from the panel's bottom edge instead of the floor.
                controls.mountingHeightMillimetres = mounting
                controls.placement.heightMillimetres = max(reach.lowerBound - mounting, 0)...(reach.upperBound - mounting)
            }
        }
        config.controls = controls
    }

    /// Checks that need the rest of the config: the column must fit the panel and the reach range without
    /// overlapping, and the warning must come before the return it warns of.
    static func checkControls(_ config: KioskConfig, reader: inout ConfigReader) {
        guard let controls = config.controls else { return }
        if controls.idleWarningSeconds > 0, config.kiosk.idleTimeoutSeconds > 0,
           controls.idleWarningSeconds >= config.kiosk.idleTimeoutSeconds {
            reader.error("[controls]: idle_warning_s \(TOMLText.number(controls.idleWarningSeconds)) must be less than [kiosk] "
                         + "idle_timeout_s \(TOMLText.number(config.kiosk.idleTimeoutSeconds))", at: "controls.idle_warning_s")
        }
        guard let panel = config.controlsPanelMillimetres else { return }
        // The inset's shape is the map's; the squarest shape is the one that needs the most room: check with it.
        let result = ControlsLayout.make(controls.buttons(languages: config.map.languages), placement: controls.placement,
                                         panelMillimetres: panel, insetAspect: controls.inset ? 1 : nil)
        if case let .failure(problems) = result {
            for problem in problems.list {
                reader.error("[controls]: \(problem.message)", at: "controls.\(problem.key)")
            }
        }
    }
}
