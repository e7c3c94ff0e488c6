/// The row a store's write probe (`OperationsStore.probeWrite`) writes and takes back in one
/// transaction, in the `write_probes` table, which is otherwise empty: large enough to need
/// pages of its own, so a store with no room left for a page fails the probe as a real write
/// would.
package enum WriteProbe {
    /// The probe row's filler: two pages of 4 KiB.
    package static let fillerBytes = 8192
}
