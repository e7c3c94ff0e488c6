/// The frames of the busy indicator, plain ASCII so every terminal shows it.
public enum Spinner {
    public static let frames: [String] = ["|", "/", "-", "\\"]

    public static func frame(_ index: Int) -> String { frames[index % frames.count] }
}
