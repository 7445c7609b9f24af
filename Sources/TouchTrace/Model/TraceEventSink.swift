/// Where trace events go, one at a time and in order: the one road out of every producer of
/// events (the libinput recorder, the Wayland frontend, the synthesizer) into every consumer (a
/// trace writer, the live session, a benchmark corpus, a test's array).
///
/// A protocol rather than a closure so that the hot path calls straight through, allocating
/// nothing. `mutating` so that a value (an array, a struct around a writer) can be a sink; a class
/// conforms with a plain method. A sink that cannot fail conforms with a method that does not throw.
public protocol TraceEventSink {
    mutating func append(_ event: TraceEvent) throws
}

/// An array collects the events (tests and small tools).
extension Array: TraceEventSink where Element == TraceEvent {}

/// The binary trace writer takes events straight from any producer.
extension TraceWriter: TraceEventSink {}
