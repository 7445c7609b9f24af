import Glibc

/// The write end of the self-pipe; a signal handler may touch nothing but this.
///
/// `nonisolated(unsafe)`: a signal handler can reach no Swift-checked state. Sound because the one
/// write (in `init`, on the recorder's thread) happens before the handlers that read it are
/// installed, an `Int32` is read in one instruction, and one recorder runs per process.
private nonisolated(unsafe) var signalPipeWriteEnd: Int32 = -1

/// Turns SIGINT and SIGTERM into bytes on a pipe the recorder polls, so a signal ends the poll loop
/// and the file is finished on the normal path instead of inside a signal handler.
final class SignalPipe {
    let readEnd: Int32
    private let writeEnd: Int32
    private let signals: [Int32]
    private var previous: [sighandler_t?] = []

    init(signals: [Int32] = [SIGINT, SIGTERM]) throws(CaptureError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .cannotInstallSignalHandlers(errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        self.signals = signals
        signalPipeWriteEnd = writeEnd
        // A parent may have started us with these signals blocked; they must reach the handler.
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for number in signals {
            previous.append(signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(signalPipeWriteEnd, &byte, 1)
            })
        }
    }

    deinit {
        for (number, handler) in zip(signals, previous) { signal(number, handler) }
        signalPipeWriteEnd = -1
        close(readEnd)
        close(writeEnd)
    }

    /// The signal that arrived, if any.
    func received() -> Int32? {
        var byte: UInt8 = 0
        return read(readEnd, &byte, 1) == 1 ? Int32(byte) : nil
    }
}
