import RosterServer
import RosterServerCore

/// The approval page's template (swift-mustache): plain HTML forms that work without script,
/// sized for a phone. Every value is escaped by `{{…}}`. Kept in the source, so a fresh clone
/// serves it with no resource to find.
package enum DevicePageTemplate {
    package static let page = #"""
        \#(PageStyle.head(title: "Roster: log in a terminal"))
        <body>
        <main>
        <h1>Log in a terminal</h1>
        {{#message}}<p class="message{{#good}} good{{/good}}" role="status">{{text}}</p>{{/message}}
        {{#enterCode}}
        <form class="card" method="post" action="{{action}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="action" value="code">
        <label for="code">Enter the code shown on the terminal</label>
        <input class="code" id="code" name="code" value="{{code}}" maxlength="16" autocomplete="off" autocapitalize="characters" spellcheck="false" required>
        <button type="submit">Continue</button>
        </form>
        {{/enterCode}}
        {{#asker}}
        <p class="card asker"><strong>{{request}}</strong><br>{{#link}}asks to link your account to the user logged in there.{{/link}}{{^link}}asks to log you in to {{appName}}.{{/link}}
        <br><span class="small">Only go on if you started this yourself.</span></p>
        {{/asker}}
        {{#signIn}}
        {{#emailPassword}}
        <form class="card" method="post" action="{{action}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password">
        <button type="submit" name="action" value="signin">Sign in</button>
        <div class="row">
        <button class="quiet" type="submit" name="action" value="register">Register</button>
        <button class="quiet" type="submit" name="action" value="forgot">Forgot password</button>
        </div>
        </form>
        {{/emailPassword}}
        {{#providers}}
        <form class="card" method="post" action="{{action}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button class="quiet" type="submit" name="action" value="provider-{{provider}}">Sign in with {{title}}</button>
        </form>
        {{/providers}}
        <form method="post" action="{{action}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button class="deny" type="submit" name="action" value="deny">Deny: I did not start this</button>
        </form>
        {{/signIn}}
        {{#approve}}
        <form class="card" method="post" action="{{action}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <p>Signed in as <strong>{{signedInAs}}</strong>{{#via}} via {{provider}}{{/via}}.</p>
        <div class="row">
        <button class="deny" type="submit" name="action" value="deny">Deny</button>
        <button type="submit" name="action" value="approve">Approve</button>
        </div>
        </form>
        {{/approve}}
        {{#done}}
        <p class="card">{{done}}</p>
        {{/done}}
        </main>
        </body>
        </html>

        """#
}
