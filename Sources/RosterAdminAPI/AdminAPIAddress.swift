import RosterServerCore
import Synchronization

/// Where a server serves its Admin API, for the links that point into it (`AppLogLinks`):
/// beside the client API, on the client's public base (the default), or on an address of its
/// own (`serve --admin-listen`), whose base is known once it listens on an address a person can
/// open (not `0.0.0.0` or `::`).
///
///     address.servedAlone(at: PublicURL.listening(host: "127.0.0.1", port: 9091))
///     address.base(besideClientAPI: clientBase)   // http://127.0.0.1:9091
final class AdminAPIAddress: Sendable {
    private enum Place {
        case besideClientAPI
        case alone(PublicURL?)
    }

    private let place = Mutex(Place.besideClientAPI)

    /// Served on an address of its own, whose base is `base` (nil while unknown).
    func servedAlone(at base: PublicURL?) {
        place.withLock { $0 = .alone(base) }
    }

    /// The Admin API's base, given the client API's; nil when it is served alone at a base not known.
    func base(besideClientAPI clientBase: PublicURL) -> PublicURL? {
        switch place.withLock({ $0 }) {
        case .besideClientAPI: clientBase
        case .alone(let base): base
        }
    }
}
