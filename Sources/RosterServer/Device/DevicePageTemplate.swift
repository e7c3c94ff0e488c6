/// The approval page's template (swift-mustache): plain HTML forms that work without script,
/// sized for a phone. Every value is escaped by `{{…}}`. Kept in the source, so a fresh clone
/// serves it with no resource to find.
enum DevicePageTemplate {
    static let page = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>Roster: log in a terminal</title>
        <style>
        body{margin:0;background:#f3f4f7;color:#1b1c20;font:17px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem 2rem}
        h1{font-size:1.35rem;margin:.25rem 0 1rem}
        .card{background:#fff;border-radius:.8rem;padding:1.1rem;margin:0 0 1rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
        label{display:block;margin:.7rem 0 .3rem;font-weight:600}
        input{box-sizing:border-box;width:100%;font-size:1.05rem;padding:.7rem;border:1px solid #9a9ca5;border-radius:.5rem}
        input.code{font:600 1.6rem ui-monospace,Menlo,Consolas,monospace;letter-spacing:.12em;text-align:center;text-transform:uppercase}
        button{display:block;box-sizing:border-box;width:100%;font-size:1.05rem;padding:.8rem;margin-top:.8rem;border:0;border-radius:.5rem;
        background:#2451c9;color:#fff;font-weight:600}
        button.quiet{background:#e4e6ee;color:#1b1c20;font-weight:500}
        button.deny{background:#fff;color:#a4221b;border:1px solid #a4221b}
        .row{display:flex;gap:.6rem}.row button{flex:1}
        .message{padding:.75rem .9rem;border-radius:.5rem;background:#fde8e6;color:#8a1c16}
        .message.good{background:#e5f3e9;color:#1d5530}
        .asker{font-size:1.15rem}.asker strong{overflow-wrap:anywhere}
        .small{color:#555a66;font-size:.92rem}
        .card label:first-of-type,.card p{margin-top:0}.card p:last-child{margin-bottom:0}
        </style>
        </head>
        <body>
        <main>
        <h1>Log in a terminal</h1>
        {{#message}}<p class="message{{#good}} good{{/good}}" role="status">{{text}}</p>{{/message}}
        {{#enterCode}}
        <form class="card" method="post" action="/device">
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
        <form class="card" method="post" action="/device">
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
        <form class="card" method="post" action="/device">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button class="quiet" type="submit" name="action" value="provider-{{provider}}">Sign in with {{title}}</button>
        </form>
        {{/providers}}
        <form method="post" action="/device">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button class="deny" type="submit" name="action" value="deny">Deny: I did not start this</button>
        </form>
        {{/signIn}}
        {{#approve}}
        <form class="card" method="post" action="/device">
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
