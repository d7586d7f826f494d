import MetroMap
import Overlay
import Physics
import Raster
import TouchInput

/// Everything an operator sets in `/etc/metro-kiosk/kiosk.toml`; every field has the default that
/// `configs/kiosk.toml` documents, so an empty file is a working kiosk.
public struct KioskConfig: Equatable, Sendable {
    /// `WxH@Hz` (the rate may be left out: `WxH`).
    public struct DisplayMode: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var refreshHertz: Double?

        public init(width: Int, height: Int, refreshHertz: Double? = nil) {
            self.width = width
            self.height = height
            self.refreshHertz = refreshHertz
        }

        /// `1920x1080` or `1920x1080@59.94`; nil for anything a display could not have.
        public init?(parsing text: String) {
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count <= 2, let size = OutputSize(parsing: String(parts[0])) else { return nil }
            var refresh: Double?
            if parts.count == 2 {
                guard let hertz = Double(parts[1]), hertz.isFinite, hertz > 0, hertz < 1000 else { return nil }
                refresh = hertz
            }
            self.init(width: size.width, height: size.height, refreshHertz: refresh)
        }
    }

    public struct Display: Equatable, Sendable {
        /// `/dev/dri/cardN`; nil finds the first card with a connected display.
        public var device: String?
        /// `HDMI-A-1`, `eDP-1`, `Virtual-1`; nil takes the first connected.
        public var connector: String?
        /// Nil takes the connector's preferred mode.
        public var mode: DisplayMode?
        public var rotation: OutputRotation = .none
        public var format: ScanoutPixelFormat = .xrgb8888
        /// Threads that draw frames and copy them to scanout (1 draws on the loop's thread alone); nil: one per
        /// online core. Any number gives the same pixels.
        public var renderThreads: Int?
    }

    public struct Input: Equatable, Sendable {
        public var seat = "seat0"
        /// libinput's calibration matrix (normalized coordinates, row-major 2×3).
        public var calibration: [Double] = [1, 0, 0, 0, 1, 0]
        /// The gesture thresholds' defaults are the gesture layer's own (`GestureConfiguration()`), written once.
        public var touchSlopMillimetres = GestureConfiguration().touchSlopMillimetres
        /// Physical size of the panel; nil uses what the device reports (or 96 dpi).
        public var panelSizeMillimetres: MillimetreSize?
        public var tapMaximumMilliseconds = Double(GestureConfiguration().tapMaximumDurationMicroseconds) / 1000
        public var doubleTapMaximumIntervalMilliseconds = Double(GestureConfiguration().doubleTapMaximumIntervalMicroseconds) / 1000
        public var doubleTapMaximumDistanceMillimetres = GestureConfiguration().doubleTapMaximumDistanceMillimetres
        /// `metro-kiosk self-test` fails when no touchscreen is on the seat; false for a kiosk run by keypad alone.
        public var touchRequired = true

        public static func == (a: Input, b: Input) -> Bool {
            a.seat == b.seat && a.calibration == b.calibration && a.touchSlopMillimetres == b.touchSlopMillimetres
                && a.touchRequired == b.touchRequired
                && a.panelSizeMillimetres?.width == b.panelSizeMillimetres?.width
                && a.panelSizeMillimetres?.height == b.panelSizeMillimetres?.height
                && a.tapMaximumMilliseconds == b.tapMaximumMilliseconds
                && a.doubleTapMaximumIntervalMilliseconds == b.doubleTapMaximumIntervalMilliseconds
                && a.doubleTapMaximumDistanceMillimetres == b.doubleTapMaximumDistanceMillimetres
        }
    }

    /// A home view worked out for the screen: around the kiosk's own station, or the whole map fitted.
    public enum HomeMode: String, Equatable, Sendable {
        case here, fit
    }

    /// The scheme point at the centre of the view and the scale (output pixels per scheme unit).
    public struct HomeView: Equatable, Sendable {
        public var centre: SchemePoint
        public var scale: Double
    }

    public struct MapSettings: Equatable, Sendable {
        /// A map file (TOML) or a pMetro city folder; nil shows the bundled demo.
        public var file: String?
        /// Nil: `homeMode` decides.
        public var home: HomeView?
        /// `home = "here"` or `"fit"`; nil: "here" when `you_are_here` names a place, else "fit".
        public var homeMode: HomeMode?
        /// Nil: the fitting scale, so the whole map can always be seen.
        public var minimumScale: Double?
        public var maximumScale = 4.0
        /// Station id marked "you are here".
        public var youAreHere: String?
        /// The corner of the screen holding the generated key to the lines; nil: no key.
        public var legend: LineLegendElement.Corner?
        /// Each line's number or short name in a badge of its colour beyond its termini.
        public var lineBadges = false
        /// A font file tried before `[text] fonts` (the older single-font setting); nil: only the list.
        public var font: String?
        /// Languages of the station names shown: the first is the label's main name, a second is drawn below it in
        /// smaller type (bilingual labels). Empty: the map's primary names.
        public var languages: [String] = []
        /// The language the map's primary names are written in (BCP 47, e.g. "zh-Hans"), which picks their glyph
        /// forms in a pan-CJK font; nil: the font's defaults.
        public var primaryLanguage: String?

        /// The main language (`language = "ru"` sets a one-language list).
        public var language: String? {
            get { languages.first }
            set { languages = newValue.map { [$0] } ?? [] }
        }
    }

    public struct TextSettings: Equatable, Sendable {
        /// Fonts in order of preference: fontconfig family names or font files. Each run of a label is drawn with
        /// the first that covers it.
        public var fonts: [String] = FontStack.defaultFamilies
        /// Labels are never drawn smaller than this many pixels; below it the level of detail drops them.
        public var minimumSizePixels = 10.0
        /// Labels' capital letters are at least this tall on the panel (`[input] panel_size_mm`), millimetres.
        public var minimumCapHeightMillimetres = 3.0
        /// The second language's line, as a fraction of the main name's size.
        public var secondLanguageScale = 0.8
        /// The light outline around label text, so it reads over lines; nil draws none.
        public var halo: Color? = Color(rgb: 0xFFFFFF)
    }

    /// The feel. Each spring has one purpose (the scroll-mechanics talk advises a different spring for the bounce
    /// of a glide than for the return from a stretch). Every default comes from `FeelDefaults`, the one table of
    /// the feel that `CameraSettings`, the gesture layer and `metro-kiosk physics` take too.
    public struct PhysicsSettings: Equatable, Sendable {
        public var decelerationRate = FeelDefaults.decelerationRate.perMillisecond
        /// A glide meeting an edge.
        public var bounceSpring = FeelDefaults.bounceSpring
        /// A release from the rubber band back to the edge (Flutter's iOS spring-back).
        public var springBackSpring = FeelDefaults.springBackSpring
        /// A pinch released past a zoom limit back to it.
        public var zoomSpring = FeelDefaults.zoomSpring
        /// Double-tap zoom and the trip home.
        public var snapSpring = FeelDefaults.snapSpring
        /// The most a glide hands to the bounce at an edge, px/s (Flutter: 5000).
        public var maximumBounceVelocity = FeelDefaults.maximumBounceVelocity
        public var rubberBand = FeelDefaults.rubberBandCoefficient
        public var velocityStrategy = GestureConfiguration().velocityStrategy
        public var minimumFlingVelocity = FeelDefaults.minimumFlingVelocity
        public var maximumFlingVelocity = FeelDefaults.maximumFlingVelocity
        public var doubleTapZoom = FeelDefaults.doubleTapZoomFactor
        /// A flick the same way as the glide it caught adds this fraction of the glide's velocity (0: off).
        public var carriedMomentum = FeelDefaults.carriedMomentum
    }

    /// How the kiosk gets its devices: opened directly (the service's user in the video and input groups), or from
    /// a seat manager through libseat (logind or seatd), which can take them away on a VT switch and give them back.
    public enum SessionKind: String, Equatable, Sendable, CaseIterable {
        case direct, libseat
    }

    public struct KioskSettings: Equatable, Sendable {
        /// Seconds without a touch before the map springs home; 0 never goes home.
        public var idleTimeoutSeconds = FeelDefaults.idleTimeoutSeconds
        public var session: SessionKind = .direct

        /// The idle timeout as the camera and the card count it; nil when the map never goes home. One conversion,
        /// so the map's return home and the card's going away cannot drift apart.
        public var idleTimeoutMicroseconds: Int64? {
            idleTimeoutSeconds > 0 ? Int64(idleTimeoutSeconds * 1_000_000) : nil
        }
    }

    public var display = Display()
    public var input = Input()
    public var map = MapSettings()
    public var text = TextSettings()
    public var physics = PhysicsSettings()
    public var kiosk = KioskSettings()
    /// `[card]`: the journey card a tap on a station raises when `[map] you_are_here` is set, its anchors and feel
    /// (its idle timeout is `[kiosk] idle_timeout_s`'s, set by `cardSettings()`: read the card's settings there).
    public var card = CardSettings()
    /// `[card] share_url`: the journey handed over by QR code on the card; nil: no code.
    public var shareURL: ShareURLTemplate?
    public var screen = ScreenSettings()
    public var status = StatusSettings()
    public var network = NetworkSettings()
    public var access = AccessSettings()
    /// Nil: no on-screen controls (`[controls]` absent).
    public var controls: ControlsSettings?
    /// `[network]`'s GTFS-realtime keys.
    public var realtime = RealtimeSettings()
    /// `[audio]`: speech in audio mode.
    public var audio = AudioSettings()

    public init() {}
}
