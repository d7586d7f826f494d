/// Everything the realtime sources know at one moment, immutable: the poller builds a new one after each poll and
/// the frame thread takes it whole, so drawing never waits on a network and never sees half an update.
public struct RealtimeSnapshot: Hashable, Sendable {
    public struct Source: Hashable, Sendable {
        public var health: SourceHealth
        /// The last good feed; nil until one arrived.
        public var feed: RealtimeFeed?

        public init(health: SourceHealth, feed: RealtimeFeed?) {
            self.health = health
            self.feed = feed
        }
    }

    public var sources: [Source]
    /// Older than this (seconds since the last good feed), a source's data is not shown: the screen says live
    /// information is unavailable and shows the timetable alone.
    public var staleSeconds: Double

    public init(sources: [Source] = [], staleSeconds: Double = 300) {
        self.sources = sources
        self.staleSeconds = staleSeconds
    }

    public static let empty = RealtimeSnapshot()

    /// The sources whose feed is fresh at wall-clock `nowSeconds`.
    public func freshSources(nowSeconds: Double) -> [Source] {
        sources.filter { source in
            guard source.feed != nil, let age = source.health.ageSeconds(nowSeconds: nowSeconds) else { return false }
            return age <= staleSeconds
        }
    }

    /// Whether some source is configured but none is fresh: the "live information unavailable" case.
    public func isLiveInformationUnavailable(nowSeconds: Double) -> Bool {
        !sources.isEmpty && freshSources(nowSeconds: nowSeconds).isEmpty
    }

    /// The moment in a feed's own clock that corresponds to `nowSeconds`: its header timestamp moved on by the time
    /// elapsed since it was received, so active periods are judged against the agency's clock even when the kiosk's
    /// wall clock is off (an RTC reset to 1970, a VM restored from a snapshot). Without a header timestamp, the
    /// kiosk's clock.
    public static func feedClock(of source: Source, nowSeconds: Double) -> UInt64 {
        // Clamped to 0…10¹² s (year 33658): a hostile disk copy's received time must not trap the conversion.
        func seconds(_ value: Double) -> UInt64 { value.isFinite ? UInt64(min(max(value, 0), 1e12)) : 0 }
        guard let timestamp = source.feed?.timestamp, let received = source.health.lastGoodAtSeconds else {
            return seconds(nowSeconds)
        }
        return timestamp &+ seconds(nowSeconds - received)
    }

    /// Alerts active now (by `active_period`, in each feed's clock) from fresh sources, in feed order.
    public func activeAlerts(nowSeconds: Double) -> [ServiceAlert] {
        freshSources(nowSeconds: nowSeconds).flatMap { source -> [ServiceAlert] in
            let clock = Self.feedClock(of: source, nowSeconds: nowSeconds)
            return (source.feed?.alerts ?? []).filter { $0.isActive(at: clock) }
        }
    }

    /// The stations active alerts touch through `links`, with the strongest effect on each (closing effects first):
    /// what the map rings or crosses out. A network-wide alert (a whole agency or mode) that closes nothing marks no
    /// station: it is about every line (the map dashes them), and ringing each of BART's 104 scheme stations for its
    /// real agency-wide "major delay" hid the lines it is about.
    public func alertedStations(nowSeconds: Double, links: StationLinks) -> [String: AlertEffect] {
        var effects: [String: AlertEffect] = [:]
        for alert in activeAlerts(nowSeconds: nowSeconds) {
            for entity in alert.informedEntities where alert.effect.closesStops || !entity.isNetworkWide {
                for station in links.stations(touchedBy: entity) {
                    if let present = effects[station], present.closesStops || !alert.effect.closesStops { continue }
                    effects[station] = alert.effect
                }
            }
        }
        return effects
    }

    /// The trip predictions of fresh sources, indexed for departure lists (see `TripPredictions`).
    public func predictions(nowSeconds: Double) -> TripPredictions {
        var index = TripPredictions()
        for source in freshSources(nowSeconds: nowSeconds) {
            guard let feed = source.feed else { continue }
            let clock = Self.feedClock(of: source, nowSeconds: nowSeconds)
            index.add(feed.tripPredictions, feedTimestamp: feed.timestamp, feedClock: clock, ageLimitSeconds: staleSeconds)
        }
        return index
    }
}
