import Raster

extension JourneyCardContent {
    /// The content with every line colour it shows (the station's roundels, the steps' bars and stop dots, the
    /// departures' swatches) as `recolour` gives it: accessible mode draws the map's lines in other colours than the
    /// scheme's, and a card in the scheme's sent the traveller looking for the bar's colour on the wrong line.
    public func recoloured(_ recolour: (Color) -> Color) -> JourneyCardContent {
        var content = self
        for index in content.station.lines.indices { content.station.lines[index].color = recolour(station.lines[index].color) }
        for index in content.steps.indices { content.steps[index].color = steps[index].color.map(recolour) }
        for index in content.departures.indices { content.departures[index].color = departures[index].color.map(recolour) }
        return content
    }
}
