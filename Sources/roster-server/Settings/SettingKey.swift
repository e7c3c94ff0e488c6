/// One setting of `roster-server serve`, as the settings file, the environment and the command
/// line name it: the file's key `metrics.port` is the variable `ROSTER_METRICS_PORT` (as
/// swift-configuration names environment variables, behind the `ROSTER` prefix) and the option
/// `--metrics-port`.
///
///     SettingKey.metricsPort.variable  // "ROSTER_METRICS_PORT"
struct SettingKey: Hashable, Sendable, CustomStringConvertible {
    /// The key in the settings file, dotted for a nested one.
    let key: String
    /// The command-line option, without its dashes.
    let option: String

    var description: String { key }

    /// The environment variable: `ROSTER_` and the key's words in capitals, joined by `_`.
    var variable: String {
        let words = key.split(separator: ".").map { component in
            var word = ""
            var previous: Character?
            for character in component {
                if let previous, previous.isLowercase, character.isUppercase { word.append("_") }
                word.append(character)
                previous = character
            }
            return word.uppercased()
        }
        return (["ROSTER"] + words).joined(separator: "_")
    }

    static let settings = SettingKey(key: "settings", option: "settings")
    static let db = SettingKey(key: "db", option: "db")
    static let apps = SettingKey(key: "apps", option: "config")
    static let demo = SettingKey(key: "demo", option: "demo")
    static let host = SettingKey(key: "host", option: "host")
    static let port = SettingKey(key: "port", option: "port")
    static let allowDemoOnNetwork = SettingKey(key: "allowDemoOnNetwork", option: "allow-demo-on-network")
    static let trustedProxies = SettingKey(key: "trustedProxies", option: "trusted-proxy")
    static let forwardedHeader = SettingKey(key: "forwardedHeader", option: "forwarded-header")
    static let publicURL = SettingKey(key: "publicURL", option: "public-url")
    static let metricsPort = SettingKey(key: "metrics.port", option: "metrics-port")
    static let metricsHost = SettingKey(key: "metrics.host", option: "metrics-host")
    static let logLevel = SettingKey(key: "logLevel", option: "log-level")
    static let pipelineMemoryBytes = SettingKey(key: "pipelineMemoryBytes", option: "pipeline-memory-bytes")
    static let webDemoPort = SettingKey(key: "webDemo.port", option: "web-demo-port")
    static let appDirs = SettingKey(key: "appDirs", option: "app-dir")
    static let appId = SettingKey(key: "appId", option: "app-id")
    static let environment = SettingKey(key: "environment", option: "environment")
    static let secretsFile = SettingKey(key: "secretsFile", option: "secrets-file")
    static let functionRunConsoleLines = SettingKey(key: "functionRuns.consoleLines", option: "function-run-console-lines")
    static let functionRunConsoleBytes = SettingKey(key: "functionRuns.consoleBytes", option: "function-run-console-bytes")
    static let functionRunKeptDays = SettingKey(key: "functionRuns.keptDays", option: "function-run-kept-days")
    static let functionRunKeptRuns = SettingKey(key: "functionRuns.keptRunsPerApp", option: "function-run-kept-runs")
    static let functionRunQueued = SettingKey(key: "functionRuns.queued", option: "function-run-queue")

    /// The keys a settings file may hold (`settings` itself is not one of them).
    static let fileKeys: [SettingKey] = [db, apps, demo, host, port, allowDemoOnNetwork, trustedProxies, forwardedHeader, publicURL, metricsPort, metricsHost, logLevel, pipelineMemoryBytes, webDemoPort, appDirs, appId, environment, secretsFile, functionRunConsoleLines, functionRunConsoleBytes, functionRunKeptDays, functionRunKeptRuns, functionRunQueued]
}
