import Testing

/// Every end-to-end test of the recorder: real libinput on umockdev-emulated devices, the real
/// `touchstone record` in a child process. They run one at a time, so that no child process started
/// for one test inherits another test's emulated device (which would keep it from being unplugged)
/// and so that two cores are not shared by several recordings at once.
@Suite("touchstone record end to end", .serialized, .enabled(if: EndToEndEnvironment.available, "needs umockdev and a C compiler: run scripts/install-deps"))
struct EndToEnd {}
