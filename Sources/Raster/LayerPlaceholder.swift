// Placeholder so the Raster layer builds before its first real file lands; delete when adding one.
enum RasterLayerPlaceholder {}
