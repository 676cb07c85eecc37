import Foundation
import NavshCore
import PostgresNIO

/// `--listen`: a connection of its own that LISTENs on the channel the
/// notify triggers use (`installNotify`), so changes arrive while nobody
/// types. Notifications are kept until `take()` and announced through
/// `wake` (from the event loop's thread: it must only signal, e.g. write
/// to a pipe). When the connection goes, it is opened again every second;
/// since notifications sent meanwhile are lost, a reconnection is itself
/// news (`Event.reconnected`): everything shown must be read again.
public final class PostgresListener: @unchecked Sendable {
    public enum Event: Sendable, Equatable {
        /// A row of `table` in the store's schema was written; `key` is its
        /// key's values as JSON text (nil when the payload left it out).
        case changed(table: String, key: String?)
        /// The listening connection was lost and is back.
        case reconnected
    }

    private let store: PostgresStore
    private let wake: @Sendable () -> Void
    private let lock = NSLock()
    private var pending: [Event] = []
    private var connection: PostgresConnection?
    private var stopped = false
    /// Tries that failed since the last connection that LISTENed.
    private var failures = 0
    private let logger = Logger(label: "navsh.postgres.listen")

    /// Connects and LISTENs; throws when the first connection fails.
    public init(store: PostgresStore, wake: @escaping @Sendable () -> Void) throws {
        self.store = store
        self.wake = wake
        do {
            try connect().wait()
        } catch {
            throw StoreError.cannotConnect(target: "\(store.target)", reason: PostgresErrorText.reason(error))
        }
    }

    deinit { stop() }

    /// The events since the last take, oldest first.
    public func take() -> [Event] {
        lock.lock()
        defer { lock.unlock() }
        let events = pending
        pending = []
        return events
    }

    /// Closes the connection; no reconnection follows.
    public func stop() {
        lock.lock()
        stopped = true
        let open = connection
        connection = nil
        lock.unlock()
        if let open { try? open.close().wait() }
    }

    private func post(_ event: Event) {
        lock.lock()
        pending.append(event)
        lock.unlock()
        wake()
    }

    /// Opens the connection, adds the listener (postgres-nio sends LISTEN)
    /// and waits for a statement after it, so LISTEN is in force when done.
    private func connect() -> EventLoopFuture<Void> {
        let loop = store.bridge.group.next()
        var configuration: PostgresConnection.Configuration
        do { configuration = try store.bridge.configuration(at: endpoint()) } catch { return loop.makeFailedFuture(error) }
        // Told apart from the store's own connection in pg_stat_activity.
        configuration.options.additionalStartupParameters = [("application_name", "navsh-listen")]
        let schema = store.schema
        return PostgresConnection.connect(on: loop, configuration: configuration, id: 3, logger: logger).flatMap { connection in
            connection.addListener(channel: PostgresStore.notifyChannel) { [weak self] _, notification in
                guard let event = Self.event(notification.payload, schema: schema) else { return }
                self?.post(event)
            }
            return connection.query("SELECT 1", logger: self.logger).map { _ in
                self.lock.lock()
                let keep = !self.stopped
                if keep { self.connection = connection }
                self.lock.unlock()
                guard keep else {
                    let _: EventLoopFuture<Void> = connection.close()
                    return
                }
                connection.closeFuture.whenComplete { [weak self] _ in self?.reconnectSoon() }
            }
        }
    }

    /// The server to LISTEN on: the store's, until a try fails; then each
    /// of a cluster's servers in turn (a standby refuses LISTEN), so the
    /// new primary is found while nobody types.
    private func endpoint() -> PostgresTarget.Endpoint {
        let servers = store.target.endpoints
        lock.lock()
        defer { lock.unlock() }
        if failures == 0, let current = store.bridge.place.get() { return current }
        return servers[failures % servers.count]
    }

    /// Tries again every second until a connection LISTENs again.
    private func reconnectSoon() {
        lock.lock()
        let stop = stopped
        connection = nil
        lock.unlock()
        guard !stop else { return }
        store.bridge.group.next().scheduleTask(in: .seconds(1)) { [weak self] in
            guard let self else { return }
            self.connect().whenComplete { [weak self] result in
                guard let self else { return }
                switch result {
                case .success:
                    self.lock.lock()
                    self.failures = 0
                    self.lock.unlock()
                    self.post(.reconnected)
                case .failure:
                    self.lock.lock()
                    self.failures += 1
                    self.lock.unlock()
                    self.reconnectSoon()
                }
            }
        }
    }

    /// The event a payload names, when it is about a table of `schema`.
    static func event(_ payload: String, schema: String) -> Event? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
              object["schema"] as? String == schema, let table = object["table"] as? String else { return nil }
        let key = object["key"].flatMap { value -> String? in
            guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
        return .changed(table: table, key: key)
    }
}
