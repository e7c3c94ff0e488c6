import Foundation

/// The one header a trusted reverse proxy names the client in (`forwardedHeader`).
public enum ForwardedHeader: String, Sendable, CaseIterable {
    /// `X-Forwarded-For: client, proxy`, as nginx's `$proxy_add_x_forwarded_for` writes it.
    case xForwardedFor = "X-Forwarded-For"
    /// `Forwarded: for=client;proto=https` (RFC 7239), for a proxy that writes it.
    case forwarded = "Forwarded"
}
