/// The scroll physics of the kiosk: closed-form functions of time, no Foundation.
enum PhysicsLayerPlaceholder {}
