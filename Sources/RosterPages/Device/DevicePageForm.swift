/// What the device page's forms post: which form (`action`), the page's CSRF token, and the
/// fields of that form.
package struct DevicePageForm: Decodable, Sendable, Equatable {
    package var action: String?
    package var csrf: String?
    package var code: String?
    package var email: String?
    package var password: String?

    package init(action: String? = nil, csrf: String? = nil, code: String? = nil, email: String? = nil, password: String? = nil) {
        self.action = action
        self.csrf = csrf
        self.code = code
        self.email = email
        self.password = password
    }
}
