// Placeholder so the KioskCore layer builds before its first real file lands; delete when adding one.
enum KioskCoreLayerPlaceholder {}
