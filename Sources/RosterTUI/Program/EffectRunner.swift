/// Performs the effects `update` asks for and reports back in actions. The program calls it
/// from tasks, never from the terminal thread, so slow work never holds up keys.
public protocol EffectRunner: Sendable {
    /// Performs one effect (never `.quit`, which the program handles itself).
    func perform(_ effect: Effect) async -> [Action]

    /// Actions that come without a key: changes to the device made by this or another process,
    /// and to the active user's custom data on the server.
    /// The program stops listening when it quits.
    func changes() -> AsyncStream<[Action]>

    /// Someone pressed a key: the device's idle clock starts again (BEHAVIOURS 52). The program
    /// says so at most once a second.
    func noteActivity() async
}

extension EffectRunner {
    public func noteActivity() async {}
}
