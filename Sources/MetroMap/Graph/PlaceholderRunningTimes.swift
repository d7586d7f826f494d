extension MetroMap {
    /// Timed hops needed before one repeated running time can be called a placeholder: a small map with a few
    /// equal hops is simply regular.
    static let placeholderMinimumHops = 20
    /// Share of the timed hops one value must take. Many pMetro schemes print "all time intervals in this version
    /// equal 2 minutes" and give every hop 2 min, yet keep a few other values (New York: 4 of 872 hops); real
    /// timetables never come close (the most common value is 55 % of London's hops, 62 % of Kolomna's).
    static let placeholderShare = 0.95

    /// The running times are one placeholder value, not a timetable: nearly every timed hop of the scheme has
    /// the same time. Routes over such a scheme are estimates.
    public var runningTimesArePlaceholders: Bool {
        var counts: [Double: Int] = [:]
        var total = 0
        for line in lines {
            var seen = Set<[String]>()
            for link in line.links {
                guard let seconds = link.travelSeconds, seen.insert([link.from, link.to].sorted()).inserted else { continue }
                counts[seconds, default: 0] += 1
                total += 1
            }
        }
        guard total >= Self.placeholderMinimumHops, let most = counts.values.max() else { return false }
        return Double(most) >= Self.placeholderShare * Double(total)
    }
}
