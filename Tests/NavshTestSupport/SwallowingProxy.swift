import Foundation

/// A TCP proxy in front of a PostgreSQL server that can stop passing the
/// server's answers on, as a tester's proxy did: what the client sends
/// still reaches the server, but nothing comes back (a half-open
/// connection, a proxy that swallows answers). A Python process of its own,
/// so the code under test shares no thread with it.
///
/// `swallowOpenConnections()`: the connections open now get no more
/// answers (new ones work). `swallowEverything()`: new ones get none
/// either, not even to their startup.
public final class SwallowingProxy {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// The port on 127.0.0.1 to connect to instead of the server's.
    public private(set) var port = 0

    static let source = """
        import socket, sys, threading
        host, port = sys.argv[1], int(sys.argv[2])
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        lock = threading.Lock()
        pairs = []
        state = {"all": False}

        def pump(source, target, pair, answers):
            try:
                while True:
                    data = source.recv(65536)
                    if not data:
                        break
                    with lock:
                        swallowed = answers and pair["swallow"]
                    if not swallowed:
                        target.sendall(data)
            except OSError:
                pass

        def accept():
            while True:
                client, _ = listener.accept()
                server = socket.create_connection((host, port))
                with lock:
                    pair = {"swallow": state["all"]}
                    pairs.append(pair)
                threading.Thread(target=pump, args=(client, server, pair, False), daemon=True).start()
                threading.Thread(target=pump, args=(server, client, pair, True), daemon=True).start()

        threading.Thread(target=accept, daemon=True).start()
        print(listener.getsockname()[1], flush=True)
        for line in sys.stdin:
            with lock:
                for pair in pairs:
                    pair["swallow"] = True
                if line.strip() == "all":
                    state["all"] = True
            print("ok", flush=True)
        """

    /// Starts a proxy to `host`:`port`.
    public init(host: String, port: Int) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.source, host, String(port)]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard let line = readLine(), let number = Int(line) else {
            throw PostgresTestError("the proxy did not start")
        }
        self.port = number
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    /// `url` with its host and port replaced by the proxy's.
    public func url(_ url: String) throws -> String {
        guard var components = URLComponents(string: url) else { throw PostgresTestError("not a URL: \(url)") }
        components.host = "127.0.0.1"
        components.port = port
        guard let proxied = components.string else { throw PostgresTestError("cannot rebuild \(url)") }
        return proxied
    }

    /// The connections open now get no more answers from the server.
    public func swallowOpenConnections() throws { try command("open") }

    /// No connection, open or new, gets any answer any more.
    public func swallowEverything() throws { try command("all") }

    private func command(_ word: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((word + "\n").utf8))
        guard readLine() == "ok" else { throw PostgresTestError("the proxy did not take \(word)") }
    }

    /// One line of the proxy's output, without its newline.
    private func readLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { return nil }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }
}
