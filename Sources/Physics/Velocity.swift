/// A velocity on the output in pixels per second (y grows downward): a `ScreenPoint` displacement per second. One
/// type with the positions it moves, so a release velocity reaches the camera and its physics without conversion;
/// the name says the unit where a tracker or gesture hands one out.
public typealias Velocity = ScreenPoint
