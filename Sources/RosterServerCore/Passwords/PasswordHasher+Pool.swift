extension PasswordHasher {
    /// A hasher at `cost` running in `pool`: what the Admin API's operators are hashed with.
    package init(cost: PasswordHashingConfig, randomBytes: @escaping @Sendable (Int) -> [UInt8], hashingIn pool: HashingPool) {
        self.init(cost: cost, randomBytes: randomBytes, pool: pool)
    }
}
