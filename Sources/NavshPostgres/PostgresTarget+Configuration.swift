import Foundation
import PostgresNIO

/// How a target (URL, PG* environment) becomes postgres-nio's settings:
/// the socket or host, TLS as `sslmode` asks, the application name the
/// server shows and a bound on making the connection.
extension PostgresTarget {
    /// libpq's choices as postgres-nio's configuration: a socket directory
    /// for a host starting with `/`, else TCP with TLS as `sslmode` says.
    func configuration(connectTimeout: TimeInterval) throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if host.hasPrefix("/") {
            configuration = PostgresConnection.Configuration(
                unixSocketPath: host + "/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            configuration = PostgresConnection.Configuration(
                host: host, port: port, username: user, password: password, database: database, tls: try tls())
        }
        configuration.options.additionalStartupParameters = [("application_name", "navsh")]
        configuration.options.connectTimeout = .milliseconds(Int64(connectTimeout * 1000))
        return configuration
    }

    /// The same settings over a socket navsh connected itself
    /// (`DirectTransport`); nil for `verify-full`, whose host name check
    /// needs postgres-nio's own connect to know the host.
    func configuration(over channel: any Channel, connectTimeout: TimeInterval) throws -> PostgresConnection.Configuration? {
        guard sslMode != .verifyFull else { return nil }
        var configuration = PostgresConnection.Configuration(
            establishedChannel: channel, tls: host.hasPrefix("/") ? .disable : try tls(), username: user,
            password: password, database: database)
        configuration.options.additionalStartupParameters = [("application_name", "navsh")]
        configuration.options.connectTimeout = .milliseconds(Int64(connectTimeout * 1000))
        return configuration
    }

    private func tls() throws -> PostgresConnection.Configuration.TLS {
        var client = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case .disable: return .disable
        case .allow, .prefer:
            client.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: client))
        case .require:
            client.certificateVerification = .none
            return .require(try NIOSSLContext(configuration: client))
        case .verifyCA:
            client.certificateVerification = .noHostnameVerification
            return .require(try NIOSSLContext(configuration: client))
        case .verifyFull:
            client.certificateVerification = .fullVerification
            return .require(try NIOSSLContext(configuration: client))
        }
    }
}
