// Placeholder so the Platform layer builds before its first real file lands; delete when adding one.
enum PlatformLayerPlaceholder {}
