import Foundation
import RosterDocuments

/// How much guessing and mail the server takes before it refuses, answering 429
/// `TooManyRequests` with `Retry-After` without doing the work:
///
/// - Failed log-ins, per account (an email, whether or not it exists) and per client address.
///   After `freeFailures` failures in a row, each further attempt waits: 1 s, doubling, at most
///   `maxDelaySeconds`. Past `failuresPerAccountPerHour` (OWASP ASVS asks for at most 100) or
///   `failuresPerAddressPerHour`, attempts wait for the hour to end. A success clears the
///   account's count.
/// - Registrations per client address, and confirmation or reset requests (`…/send`, `…/call`)
///   per email, each an hour.
/// - Wrong confirmation and reset tokens per client address, an hour.
///
/// A log-in refused by these limits is answered after `limitedLoginHoldMilliseconds` (2,000), or
/// when its wait is over if that is sooner: a client that sends its next guess as soon as the
/// last is answered then takes one answer every two seconds per connection, instead of spinning
/// the server's cores on refusals while other users wait for theirs. A client that honours
/// `Retry-After` waits at least as long anyway.
///
/// And how many function commands (named functions and the custom-function log-in) run at once
/// (`FunctionLimiter`): `functionsPerApp` in all (default twice the cores, at least 8),
/// `functionsPerCaller` for one user, or one client address logging in (default 2). A call past
/// the caller's share is answered 429 at once; one the app has no place for waits up to
/// `functionWaitSeconds` (0: not at all), then is answered 503 `ServiceUnavailable`.
public struct LimitsConfig: Codable, Sendable, Equatable {
    public var freeFailures: Int
    public var maxDelaySeconds: Int
    public var failuresPerAccountPerHour: Int
    public var failuresPerAddressPerHour: Int
    public var registrationsPerAddressPerHour: Int
    public var accountMessagesPerEmailPerHour: Int
    /// Confirmation and reset requests (send and call) from one client address an hour, whatever
    /// the email: one address cannot walk a list of emails.
    public var accountMessagesPerAddressPerHour: Int
    /// New anonymous users made from one client address an hour.
    public var anonymousUsersPerAddressPerHour: Int
    public var wrongTokensPerAddressPerHour: Int
    /// How long one data call (`functions/call` with the data service) may run, in seconds.
    public var dataCallSeconds: Int
    /// How many data calls one user may have in flight at once.
    public var dataCallsPerUser: Int
    /// How many change streams (`watch`) one user may have open at once on one server; past it
    /// a new one is answered 429.
    public var changeStreamsPerUser: Int
    /// How often an idle change stream sends a comment, so that proxies keep it open, in seconds.
    public var changeStreamKeepAliveSeconds: Int
    /// The most one change stream holds for a reader that does not keep up, in bytes: of
    /// changes waiting for its filter, and again of events waiting for its connection (one
    /// event larger than this still goes when nothing else waits). Past it the stream ends with
    /// an error event.
    public var changeStreamBufferBytes: Int
    /// How long a change stream's connection may take nothing while the server has something
    /// to send it (its client stopped reading), in seconds; then the server closes it.
    public var changeStreamStallSeconds: Int
    public var functionsPerApp: Int
    public var functionsPerCaller: Int
    public var functionWaitSeconds: Int
    /// The heap one JavaScript function's worker may use, in MiB; past it the call is refused.
    public var functionMemoryMegabytes: Int
    /// The longest JavaScript source a function may have, in bytes (`source` or `sourceFile`).
    public var functionSourceBytes: Int
    public var limitedLoginHoldMilliseconds: Int
    /// `reset/send` is answered no sooner than this after it arrived, for a known email or an
    /// unknown one, so that the time does not tell which (the message itself is written within
    /// it, or handed to a command after the answer).
    public var resetSendHoldMilliseconds: Int
    /// The steps of regular expression matching one data call may take across all its matches
    /// (`RegexBudget`); past it the call is refused.
    public var regexStepsPerCall: Int
    /// The same for a change stream's filter on one change event; an event past it is not sent.
    public var regexStepsPerChangeEvent: Int

    /// Twice the cores, at least 8: commands mostly wait on their own work, not the server's.
    public static let defaultFunctionsPerApp = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)

    public init(
        freeFailures: Int = 5, maxDelaySeconds: Int = 300, failuresPerAccountPerHour: Int = 100,
        failuresPerAddressPerHour: Int = 1000, registrationsPerAddressPerHour: Int = 20,
        accountMessagesPerEmailPerHour: Int = 5, accountMessagesPerAddressPerHour: Int = 100,
        anonymousUsersPerAddressPerHour: Int = 100, wrongTokensPerAddressPerHour: Int = 20,
        dataCallSeconds: Int = 10, dataCallsPerUser: Int = 4, changeStreamsPerUser: Int = 10, changeStreamKeepAliveSeconds: Int = 20,
        changeStreamBufferBytes: Int = 1 << 20, changeStreamStallSeconds: Int = 30,
        functionsPerApp: Int = LimitsConfig.defaultFunctionsPerApp, functionsPerCaller: Int = 2, functionWaitSeconds: Int = 2,
        functionMemoryMegabytes: Int = 128, functionSourceBytes: Int = 256 * 1024,
        limitedLoginHoldMilliseconds: Int = 2000, resetSendHoldMilliseconds: Int = 250,
        regexStepsPerCall: Int = RegexBudget.defaultSteps, regexStepsPerChangeEvent: Int = RegexBudget.defaultEventSteps
    ) {
        self.freeFailures = freeFailures
        self.maxDelaySeconds = maxDelaySeconds
        self.failuresPerAccountPerHour = failuresPerAccountPerHour
        self.failuresPerAddressPerHour = failuresPerAddressPerHour
        self.registrationsPerAddressPerHour = registrationsPerAddressPerHour
        self.accountMessagesPerEmailPerHour = accountMessagesPerEmailPerHour
        self.accountMessagesPerAddressPerHour = accountMessagesPerAddressPerHour
        self.anonymousUsersPerAddressPerHour = anonymousUsersPerAddressPerHour
        self.wrongTokensPerAddressPerHour = wrongTokensPerAddressPerHour
        self.dataCallSeconds = dataCallSeconds
        self.dataCallsPerUser = dataCallsPerUser
        self.changeStreamsPerUser = changeStreamsPerUser
        self.changeStreamKeepAliveSeconds = changeStreamKeepAliveSeconds
        self.changeStreamBufferBytes = changeStreamBufferBytes
        self.changeStreamStallSeconds = changeStreamStallSeconds
        self.functionsPerApp = functionsPerApp
        self.functionsPerCaller = functionsPerCaller
        self.functionWaitSeconds = functionWaitSeconds
        self.functionMemoryMegabytes = functionMemoryMegabytes
        self.functionSourceBytes = functionSourceBytes
        self.limitedLoginHoldMilliseconds = limitedLoginHoldMilliseconds
        self.resetSendHoldMilliseconds = resetSendHoldMilliseconds
        self.regexStepsPerCall = regexStepsPerCall
        self.regexStepsPerChangeEvent = regexStepsPerChangeEvent
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case freeFailures, maxDelaySeconds, failuresPerAccountPerHour, failuresPerAddressPerHour
        case registrationsPerAddressPerHour, accountMessagesPerEmailPerHour, accountMessagesPerAddressPerHour
        case anonymousUsersPerAddressPerHour, wrongTokensPerAddressPerHour, dataCallSeconds, dataCallsPerUser
        case changeStreamsPerUser, changeStreamKeepAliveSeconds, changeStreamBufferBytes, changeStreamStallSeconds
        case functionsPerApp, functionsPerCaller, functionWaitSeconds, functionMemoryMegabytes, functionSourceBytes
        case limitedLoginHoldMilliseconds, resetSendHoldMilliseconds
        case regexStepsPerCall, regexStepsPerChangeEvent
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        let defaults = LimitsConfig()
        freeFailures = try container.decodeIfPresent(Int.self, forKey: .freeFailures) ?? defaults.freeFailures
        maxDelaySeconds = try container.decodeIfPresent(Int.self, forKey: .maxDelaySeconds) ?? defaults.maxDelaySeconds
        failuresPerAccountPerHour =
            try container.decodeIfPresent(Int.self, forKey: .failuresPerAccountPerHour) ?? defaults.failuresPerAccountPerHour
        failuresPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .failuresPerAddressPerHour) ?? defaults.failuresPerAddressPerHour
        registrationsPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .registrationsPerAddressPerHour) ?? defaults.registrationsPerAddressPerHour
        accountMessagesPerEmailPerHour =
            try container.decodeIfPresent(Int.self, forKey: .accountMessagesPerEmailPerHour) ?? defaults.accountMessagesPerEmailPerHour
        accountMessagesPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .accountMessagesPerAddressPerHour) ?? defaults.accountMessagesPerAddressPerHour
        anonymousUsersPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .anonymousUsersPerAddressPerHour) ?? defaults.anonymousUsersPerAddressPerHour
        wrongTokensPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .wrongTokensPerAddressPerHour) ?? defaults.wrongTokensPerAddressPerHour
        dataCallSeconds = try container.decodeIfPresent(Int.self, forKey: .dataCallSeconds) ?? defaults.dataCallSeconds
        dataCallsPerUser = try container.decodeIfPresent(Int.self, forKey: .dataCallsPerUser) ?? defaults.dataCallsPerUser
        changeStreamsPerUser = try container.decodeIfPresent(Int.self, forKey: .changeStreamsPerUser) ?? defaults.changeStreamsPerUser
        changeStreamKeepAliveSeconds =
            try container.decodeIfPresent(Int.self, forKey: .changeStreamKeepAliveSeconds) ?? defaults.changeStreamKeepAliveSeconds
        changeStreamBufferBytes =
            try container.decodeIfPresent(Int.self, forKey: .changeStreamBufferBytes) ?? defaults.changeStreamBufferBytes
        changeStreamStallSeconds =
            try container.decodeIfPresent(Int.self, forKey: .changeStreamStallSeconds) ?? defaults.changeStreamStallSeconds
        functionsPerApp = try container.decodeIfPresent(Int.self, forKey: .functionsPerApp) ?? defaults.functionsPerApp
        functionsPerCaller = try container.decodeIfPresent(Int.self, forKey: .functionsPerCaller) ?? defaults.functionsPerCaller
        functionWaitSeconds = try container.decodeIfPresent(Int.self, forKey: .functionWaitSeconds) ?? defaults.functionWaitSeconds
        functionMemoryMegabytes =
            try container.decodeIfPresent(Int.self, forKey: .functionMemoryMegabytes) ?? defaults.functionMemoryMegabytes
        functionSourceBytes = try container.decodeIfPresent(Int.self, forKey: .functionSourceBytes) ?? defaults.functionSourceBytes
        limitedLoginHoldMilliseconds =
            try container.decodeIfPresent(Int.self, forKey: .limitedLoginHoldMilliseconds) ?? defaults.limitedLoginHoldMilliseconds
        resetSendHoldMilliseconds =
            try container.decodeIfPresent(Int.self, forKey: .resetSendHoldMilliseconds) ?? defaults.resetSendHoldMilliseconds
        regexStepsPerCall = try container.decodeIfPresent(Int.self, forKey: .regexStepsPerCall) ?? defaults.regexStepsPerCall
        regexStepsPerChangeEvent =
            try container.decodeIfPresent(Int.self, forKey: .regexStepsPerChangeEvent) ?? defaults.regexStepsPerChangeEvent
    }

    /// The wait after `failures` failures in a row, in seconds; 0 while they are free.
    public func delay(afterFailures failures: Int) -> Int {
        guard failures >= freeFailures else { return 0 }
        let doublings = min(failures - freeFailures, 30)
        return min(1 << doublings, maxDelaySeconds)
    }

    /// The most failures an account can take in its first `seconds` of guessing, one attempt as
    /// soon as each wait ends.
    public func accountFailuresAllowed(inFirst seconds: Int) -> Int {
        var failures = 0
        var elapsed = 0
        while failures < failuresPerAccountPerHour, elapsed < seconds {
            failures += 1
            elapsed += delay(afterFailures: failures)
        }
        return failures
    }

    package func validate(source: String) throws {
        func fail(_ reason: String) -> AppConfigError { .invalid(path: source, reason: "limits: \(reason)") }
        guard (1...1000).contains(freeFailures) else { throw fail("freeFailures must be between 1 and 1000") }
        guard (1...86400).contains(maxDelaySeconds) else { throw fail("maxDelaySeconds must be between 1 and 86400") }
        guard failuresPerAccountPerHour >= freeFailures else { throw fail("failuresPerAccountPerHour must be at least freeFailures") }
        guard failuresPerAddressPerHour >= freeFailures else { throw fail("failuresPerAddressPerHour must be at least freeFailures") }
        for (name, value) in [
            ("registrationsPerAddressPerHour", registrationsPerAddressPerHour),
            ("accountMessagesPerEmailPerHour", accountMessagesPerEmailPerHour),
            ("accountMessagesPerAddressPerHour", accountMessagesPerAddressPerHour),
            ("anonymousUsersPerAddressPerHour", anonymousUsersPerAddressPerHour),
            ("wrongTokensPerAddressPerHour", wrongTokensPerAddressPerHour),
        ] where value < 1 {
            throw fail("\(name) must be at least 1")
        }
        guard (1...300).contains(dataCallSeconds) else { throw fail("dataCallSeconds must be between 1 and 300") }
        guard (1...100).contains(dataCallsPerUser) else { throw fail("dataCallsPerUser must be between 1 and 100") }
        guard (1...1000).contains(changeStreamsPerUser) else { throw fail("changeStreamsPerUser must be between 1 and 1000") }
        guard (1...300).contains(changeStreamKeepAliveSeconds) else {
            throw fail("changeStreamKeepAliveSeconds must be between 1 and 300")
        }
        guard (65_536...268_435_456).contains(changeStreamBufferBytes) else {
            throw fail("changeStreamBufferBytes must be between 65536 and 268435456")
        }
        guard (1...600).contains(changeStreamStallSeconds) else { throw fail("changeStreamStallSeconds must be between 1 and 600") }
        guard (1...1000).contains(functionsPerApp) else { throw fail("functionsPerApp must be between 1 and 1000") }
        guard (1...functionsPerApp).contains(functionsPerCaller) else {
            throw fail("functionsPerCaller must be between 1 and functionsPerApp")
        }
        guard (0...60).contains(functionWaitSeconds) else { throw fail("functionWaitSeconds must be between 0 and 60") }
        guard (16...4096).contains(functionMemoryMegabytes) else { throw fail("functionMemoryMegabytes must be between 16 and 4096") }
        guard (1024...16 << 20).contains(functionSourceBytes) else {
            throw fail("functionSourceBytes must be between 1024 and 16777216")
        }
        guard (0...5000).contains(limitedLoginHoldMilliseconds) else {
            throw fail("limitedLoginHoldMilliseconds must be between 0 and 5000")
        }
        guard (0...5000).contains(resetSendHoldMilliseconds) else { throw fail("resetSendHoldMilliseconds must be between 0 and 5000") }
        guard (1_000_000...1_000_000_000).contains(regexStepsPerCall) else {
            throw fail("regexStepsPerCall must be between 1000000 and 1000000000")
        }
        guard (1_000_000...regexStepsPerCall).contains(regexStepsPerChangeEvent) else {
            throw fail("regexStepsPerChangeEvent must be between 1000000 and regexStepsPerCall")
        }
    }
}
