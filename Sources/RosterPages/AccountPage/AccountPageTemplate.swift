import RosterServer
import RosterServerCore

/// The account pages' template (swift-mustache), in the style of the device approval page: one
/// form, no script. Every value is escaped by `{{…}}`; the form posts to the page's own path,
/// so the token travels in the body, not again in a URL.
package enum AccountPageTemplate {
    package static let page = #"""
        \#(PageStyle.head(title: "Roster: {{title}}"))
        <body>
        <main>
        <h1>{{title}}</h1>
        {{#message}}<p class="message" role="status">{{message}}</p>{{/message}}
        {{#setPassword}}
        <form class="card" method="post" action="{{action}}">
        <input type="hidden" name="token" value="{{token}}">
        <input type="hidden" name="tokenId" value="{{tokenId}}">
        <p>For <strong>{{email}}</strong></p>
        <label for="password">New password</label>
        <input id="password" name="password" type="password" autocomplete="new-password" required>
        <label for="again">The same again</label>
        <input id="again" name="again" type="password" autocomplete="new-password" required>
        <button type="submit">Set the password</button>
        </form>
        {{/setPassword}}
        {{#confirmEmail}}
        <form class="card" method="post" action="{{action}}">
        <input type="hidden" name="token" value="{{token}}">
        <input type="hidden" name="tokenId" value="{{tokenId}}">
        <p>Confirm that <strong>{{email}}</strong> is your email.</p>
        <button type="submit">Confirm</button>
        </form>
        {{/confirmEmail}}
        {{#done}}
        <p class="card">{{done}}</p>
        {{/done}}
        </main>
        </body>
        </html>

        """#
}
