import Cartography
import Raster

extension MapDrawing {
    /// The same drawing with every line's colour replaced as `palette` says (lines, station marks, badges, legend
    /// colours); the background layer keeps the scheme's own colours.
    func recoloured(by palette: AccessiblePalette) -> MapDrawing {
        var drawing = self
        drawing.pieces = pieces.map { piece in
            var piece = piece
            piece.color = palette.color(for: piece.color)
            return piece
        }
        drawing.stations = stations.map { station in
            var station = station
            station.color = palette.color(for: station.color)
            return station
        }
        drawing.termini = termini.map { terminus in
            var terminus = terminus
            terminus.color = palette.color(for: terminus.color)
            return terminus
        }
        drawing.lineColors = lineColors.map(palette.color(for:))
        return drawing
    }
}
