/// What the account page's form posts: the message's token and its id, and for a reset the new
/// password twice.
package struct AccountPageForm: Decodable, Sendable, Equatable {
    package var token: String?
    package var tokenId: String?
    package var password: String?
    package var again: String?

    package init(token: String? = nil, tokenId: String? = nil, password: String? = nil, again: String? = nil) {
        self.token = token
        self.tokenId = tokenId
        self.password = password
        self.again = again
    }
}
