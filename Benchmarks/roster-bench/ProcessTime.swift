import Foundation

/// The processor time a process has used, user and system, from /proc/PID/stat.
enum ProcessTime {
    static func seconds(of process: String) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8), let afterName = stat.range(of: ") ") else {
            return nil
        }
        // After the name: state is field 3, utime and stime fields 14 and 15.
        let fields = stat[afterName.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
