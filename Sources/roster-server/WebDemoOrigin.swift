import RosterServerCore

extension AppConfig {
    /// The app with the web demo's origin (`http://HOST:PORT` of `--web-demo-port`) among its
    /// `allowedRequestOrigins`, when it lists origins at all: an app without a list allows every
    /// origin already. A port of 0, or an address that names no origin, is known only once bound,
    /// so it adds nothing.
    func allowing(webDemoOrigin origin: PublicURL?) -> AppConfig {
        guard let origin, !origin.text.hasSuffix(":0"), let origins = allowedRequestOrigins, !origins.contains(origin.text) else {
            return self
        }
        var config = self
        config.allowedRequestOrigins = origins + [origin.text]
        return config
    }
}
