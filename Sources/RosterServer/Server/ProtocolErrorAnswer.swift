import Hummingbird

/// An error that already answers with the protocol's error JSON, its own status and its own
/// `error_code` (the Admin API's refusals: `MissingParameter`, `UserNotFound`, …), wherever a
/// route throws it. `ProtocolErrorMiddleware` passes it on as it is, where any other
/// `HTTPResponseError` is reduced to the protocol's error for its status alone.
///
///     extension AdminResourceError: ProtocolErrorAnswer {}   // answers `response(from:context:)`
package protocol ProtocolErrorAnswer: HTTPResponseError {}
