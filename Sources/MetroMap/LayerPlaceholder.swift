// Placeholder so the MetroMap layer builds before its first real file lands; delete when adding one.
enum MetroMapLayerPlaceholder {}
