@_exported import Diagnostics

/// A trace file that could not be read: the shared `Diagnostic`, with where and what was expected, so an operator
/// can fix the file. Line 0 is the file as a whole (unreadable, empty); column 1 is the start of the line when the
/// reader knows no closer place.
public typealias TraceError = Diagnostic
