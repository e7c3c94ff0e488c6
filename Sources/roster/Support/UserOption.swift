import ArgumentParser

/// `--user`: the user a subcommand acts as, named as an option; where the subcommand also takes
/// `USER`, either names them, and two different names are refused.
struct UserOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Act as this user: an id, an email or a unique prefix (else $ROSTER_USER, the nearest .roster-user, the active user).",
            valueName: "user"),
        completion: .custom(UserNameCompletion.complete))
    var user: String?

    /// The name given on the command line, `USER` or `--user`; nil when neither.
    func named(_ argument: String? = nil) throws -> String? {
        if let argument, let user, argument != user {
            throw ValidationError("USER and --user name two users ('\(argument)' and '\(user)'); give one")
        }
        return argument ?? user
    }
}
