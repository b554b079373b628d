// The Objective-C runtime's module, empty: it exists so that `#if canImport(ObjectiveC)` holds,
// as on every Apple platform, and ShareKit's NSItemProvider adapter is compiled too.
