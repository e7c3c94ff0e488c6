import Synchronization

/// The part of an ObjectId after its seconds, as MongoDB makes it: a random value chosen once
/// (5 bytes) and a 3-byte counter that starts at a random value and goes up by one an id,
/// wrapping at 2^24. One per server, shared by every copy of its `IdentifierSource`.
final class ObjectIdSequence: Sendable {
    /// Chosen once; tells this server's ids from another's made in the same second.
    let processValue: [UInt8]
    private let counter: Atomic<UInt32>

    init(randomBytes: (Int) -> [UInt8]) {
        processValue = Array(randomBytes(5).prefix(5))
        let start = randomBytes(3).prefix(3).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        counter = Atomic(start)
    }

    /// The next counter value, in its low 24 bits.
    func next() -> UInt32 {
        counter.wrappingAdd(1, ordering: .relaxed).oldValue & 0xff_ffff
    }
}
