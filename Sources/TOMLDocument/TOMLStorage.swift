import CTOMLDocument

/// The one parsed document every table, array and value of it points into: freed when the last of them goes, so a
/// reload's map and config leave nothing behind (TOMLKit never freed a document nor the copy of each value it read).
final class TOMLStorage: @unchecked Sendable {
    // Immutable after parsing: toml++ is only read, never changed, so sharing across threads is safe.
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        metro_toml_free(pointer)
    }
}
