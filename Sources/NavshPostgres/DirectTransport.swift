import NIOCore
import NIOEmbedded

// Linux's socket calls (the project builds on Debian).
import Glibc

/// The main connection's bytes, moved by the calling thread itself.
/// postgres-nio's handlers run in an `EmbeddedChannel` on this thread: what
/// they write is sent on a socket this type opened, and what the socket
/// receives is fed to them. A statement then costs one write and one read,
/// where an event loop thread cost two thread hops and about 15 system calls
/// a round trip, most of navsh's client time per edit (the target is
/// at most 1.5× psql per edit, which does the same on one thread).
///
/// It behaves as a socket channel would: the server closing the socket (or
/// the socket failing) is the channel going inactive, so postgres-nio fails
/// what waits with its own "connection closed" errors.
final class DirectTransport {
    let loop = EmbeddedEventLoop()
    let channel: EmbeddedChannel
    private var socket: Int32
    /// Bytes read at a time: a page of rows arrives in a few reads.
    private static let readSize = 65_536

    /// Connects to a Unix socket (`host` a directory, as libpq's) or TCP
    /// `host`:`port`, within `timeout` seconds, `stop` asked every 20 ms.
    init(host: String, port: Int, timeout: Double, stop: () -> Bool) throws {
        socket = try Self.connect(host: host, port: port, timeout: timeout, stop: stop)
        channel = EmbeddedChannel(handler: gate, loop: loop)
        // The channel must be active for postgres-nio; the address is only a label here.
        do {
            let address = try SocketAddress(ipAddress: "127.0.0.1", port: 5432)
            try channel.connect(to: address).wait()
        } catch {
            close(socket)
            throw error
        }
        // As a socket channel reads once it is active (autoRead).
        channel.read()
    }

    /// Whether the handlers asked for bytes (NIO's `read`): postgres-nio
    /// holds reads back while rows wait for their reader, and a socket
    /// channel delivers nothing then. It stops at the fatal error a chunk
    /// fed without a read gets (the first try of this type met it).
    private let gate = ReadGate()

    deinit {
        if socket >= 0 { close(socket) }
    }

    /// Runs the channel until `future` completes: sends what the handlers
    /// wrote, feeds them what the server sent. `stop` is asked every 20 ms
    /// while nothing arrives; nil when it said stop before the answer came.
    func run<T>(until future: EventLoopFuture<T>, stop: () -> Bool) -> Result<T, any Error>? {
        var outcome: Result<T, any Error>?
        future.whenComplete { outcome = $0 }
        while true {
            loop.run()
            send()
            loop.run()
            if let outcome { return outcome }
            guard channel.isActive, socket >= 0 else {
                // Closed with the answer still owed: postgres-nio fails it as the channel goes; run once more.
                loop.run()
                return outcome ?? .failure(ChannelError.ioOnClosedChannel)
            }
            if stop() { return nil }
            receive(waitingMilliseconds: 20)
        }
    }

    /// Closes the socket at once, as a dropped connection (what the handlers still hold is failed).
    func shutDown() {
        if channel.isActive { channel._channelCore.close0(error: ChannelError.ioOnClosedChannel, mode: .all, promise: nil) }
        loop.run()
        if socket >= 0 {
            close(socket)
            socket = -1
        }
    }

    /// Everything the handlers flushed, written to the socket.
    private func send() {
        while channel.isActive, socket >= 0 {
            let next: ByteBuffer?
            do {
                next = try channel.readOutbound(as: ByteBuffer.self)
            } catch {
                shutDown()
                return
            }
            guard var buffer = next else { return }
            while buffer.readableBytes > 0 {
                let written = buffer.withUnsafeReadableBytes { bytes in
                    write(socket, bytes.baseAddress, bytes.count)
                }
                if written > 0 {
                    buffer.moveReaderIndex(forwardBy: written)
                } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                    var ready = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, 20)
                } else {
                    shutDown()
                    return
                }
            }
        }
    }

    /// Waits up to `waitingMilliseconds` for bytes, and hands what came to the handlers.
    private func receive(waitingMilliseconds: Int32) {
        // Not asked for bytes: wait only for the socket to fail or close.
        var ready = pollfd(fd: socket, events: gate.requested ? Int16(POLLIN) : 0, revents: 0)
        let count = poll(&ready, 1, waitingMilliseconds)
        guard count > 0 else { return }
        guard gate.requested else {
            if ready.revents & Int16(POLLHUP | POLLERR) != 0 { shutDown() }
            return
        }
        var buffer = channel.allocator.buffer(capacity: Self.readSize)
        var got = 0
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: Self.readSize) { bytes in
            got = Glibc.read(socket, bytes.baseAddress, bytes.count)
            return max(0, got)
        }
        if got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
        if got <= 0 {
            // End of stream, or the socket failed: the server or the network closed it.
            shutDown()
            return
        }
        gate.requested = false
        do {
            try channel.writeInbound(buffer)
            // autoRead: read again unless a handler held it back.
            if channel.isActive && !gate.requested { channel.read() }
        } catch {
            // An error postgres-nio let past its handlers: the connection cannot be trusted further.
            shutDown()
        }
    }

    /// A connected, non-blocking socket with TCP_NODELAY (libpq's settings).
    private static func connect(host: String, port: Int, timeout: Double, stop: () -> Bool) throws -> Int32 {
        if host.hasPrefix("/") {
            let path = host + "/.s.PGSQL.\(port)"
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            guard path.utf8.count < capacity else { throw Failure("the socket path is too long: \(path)") }
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: path.utf8)
                raw[path.utf8.count] = 0
            }
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw Failure(errnoText("socket")) }
            do {
                try withUnsafePointer(to: &address) { pointer in
                    try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        try finish(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size), timeout: timeout, stop: stop)
                    }
                }
            } catch {
                close(fd)
                throw error
            }
            return fd
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw Failure("the host name cannot be resolved")
        }
        defer { freeaddrinfo(list) }
        var lastError: any Error = Failure("no address for \(host)")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                                  info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            do {
                try finish(fd, info.pointee.ai_addr, info.pointee.ai_addrlen, timeout: timeout, stop: stop)
                var on: Int32 = 1
                let size = socklen_t(MemoryLayout<Int32>.size)
                _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, size)
                // A server or network gone dead (no reset ever comes) is noticed
                // within about two minutes, as lost, instead of waited on for ever.
                var idle: Int32 = 60, interval: Int32 = 10, probes: Int32 = 6
                _ = setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, size)
                _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_KEEPIDLE, &idle, size)
                _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_KEEPINTVL, &interval, size)
                _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_KEEPCNT, &probes, size)
                return fd
            } catch let error as Interrupted {
                close(fd)
                throw error
            } catch {
                close(fd)
                lastError = error
            }
        }
        throw lastError
    }

    /// `connect` without blocking, waited for in 20 ms steps.
    private static func finish(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t,
                               timeout: Double, stop: () -> Bool) throws {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        if Glibc.connect(fd, address, length) == 0 { return }
        guard errno == EINPROGRESS else { throw Failure(words(errno)) }
        var waited = 0.0
        while true {
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let count = poll(&ready, 1, 20)
            if count > 0 { break }
            waited += 0.02
            if stop() { throw Interrupted() }
            if waited >= timeout { throw Failure(Failure.timedOut) }
        }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        guard error == 0 else { throw Failure(words(error)) }
    }

    /// A failed connect in the words `PostgresErrorText` gives postgres-nio's.
    private static func words(_ code: Int32) -> String {
        switch code {
        case ECONNREFUSED, ENOENT: return "the connection was refused (is the server running there, on that port?)"
        case ETIMEDOUT: return Failure.timedOut
        default: return String(cString: strerror(code))
        }
    }

    private static func errnoText(_ call: String) -> String { "\(call): \(String(cString: strerror(errno)))" }

    /// Why the socket could not be opened, in words for "cannot connect to …: WORDS".
    struct Failure: Error, CustomStringConvertible {
        static let timedOut = "the connection timed out"
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Ctrl-C while connecting.
    struct Interrupted: Error {}
}

/// The handler nearest the socket: notes NIO's `read` events, which a
/// socket channel would act on, and passes writes through.
private final class ReadGate: ChannelOutboundHandler {
    typealias OutboundIn = NIOAny
    var requested = false

    func read(context: ChannelHandlerContext) {
        requested = true
    }
}
