/// The wait a 503 names when nothing more precise is known (a full disk, a store gone, a page
/// that could not be made): `Retry-After: 5`. Every 503 the server answers carries a
/// `Retry-After`, its own or this one.
package enum RetryAfter {
    package static let defaultSeconds = 5
}
