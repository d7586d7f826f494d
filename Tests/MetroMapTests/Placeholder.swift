import Testing

// Placeholder so the target builds before its first real test lands; delete when adding one.
