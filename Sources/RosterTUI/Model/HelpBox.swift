/// The keys of the screen on show, in a box over it (`?`), scrolled when they do not fit.
public struct HelpBox: Sendable, Equatable {
    public enum Topic: Sendable, Equatable {
        case list, editor, loginForm, accountForm, apiKeys, history, secretPrompt, idleLock
    }

    public var topic: Topic
    /// Lines scrolled past at the top.
    public var scroll: Int = 0

    public init(_ topic: Topic) {
        self.topic = topic
    }
}
