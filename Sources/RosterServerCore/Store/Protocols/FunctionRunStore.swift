import Foundation

/// The apps' function runs, as their logs show them (`FunctionRunLog` writes them, the Admin
/// API's `logs` route reads them). Both drivers run `FunctionRunRule`'s statements.
package protocol FunctionRunStore: Sendable {
    /// Keeps `runs`, in one transaction.
    func appendFunctionRuns(_ runs: [FunctionRunRecord]) async throws
    /// The app's runs `query` asks for, newest first.
    func functionRuns(appId: String, _ query: FunctionRunQuery) async throws -> [FunctionRunRecord]
    /// Removes the app's runs started before `before`, and those past its newest `keep`, at
    /// most `limit` of each; how many it removed.
    @discardableResult
    func pruneFunctionRuns(appId: String, before: Date, keep: Int, limit: Int) async throws -> Int
}
