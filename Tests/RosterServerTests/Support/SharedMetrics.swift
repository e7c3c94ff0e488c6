import Metrics
import Prometheus

/// The process's one metrics backend: swift-metrics is bootstrapped once per process, so every
/// test that reads metrics shares this registry (and reads only the series it made itself).
enum SharedMetrics {
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    /// The value of the series whose line starts with `series` (name and labels), if any.
    static func value(of series: String, in text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }
}
