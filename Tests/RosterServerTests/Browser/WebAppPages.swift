import BrowserStandIn

/// A web app's pages, each using `WebAppScript` against the Roster named by the page's query
/// (`server`, `app`, `email`, `password`), served from a `StaticPageServer` so they run on an
/// origin of their own.
enum WebAppPages {
    static let script = "/web-app.js"
    /// Logs in, refreshes the access token, calls a function, opens a `watch` stream, writes a
    /// note and reads the change event of the write.
    static let flow = "/flow.html"
    /// With `logIn=1` logs in; without, finds the user realm-web kept in `localStorage` and
    /// reads its profile with the kept tokens.
    static let kept = "/kept.html"
    /// Tries what a web app sends first: the location (a simple request) and a log-in (a
    /// preflighted one), and says how each ended.
    static let refused = "/refused.html"

    static var all: [String: StaticPageServer.Page] {
        [
            script: .javascript(WebAppScript.library),
            flow: .html(page("A web app", flowScript)),
            kept: .html(page("A web app that remembers you", keptScript)),
            refused: .html(page("A web app on an origin not listed", refusedScript)),
        ]
    }

    static func page(_ title: String, _ body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(title)</title><script src="\(script)"></script></head>
        <body><main><h1>\(title)</h1></main><script>
        \(body)
        </script></body></html>
        """
    }

    static let flowScript = #"""
    run(async (at) => {
      const app = new WebApp(params.get("app"), params.get("server"));
      at("log-in");
      const user = await app.logIn(params.get("email"), params.get("password"));
      at("refresh");
      await app.refreshAccessToken(user);
      const profile = await app.refreshProfile(user);
      at("function");
      const echoed = await app.callFunction(user, "echo", ["from the browser", 2]);
      at("watch");
      const stream = await app.watch(user, "kiosk", "notes");
      at("write");
      const note = { text: "written from another origin %\n" };
      const inserted = await app.callFunction(
        user, "insertOne", [{ database: "kiosk", collection: "notes", document: note }], "mongodb-atlas");
      at("change event");
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("no change event within 20 s")), 20000));
      const event = await Promise.race([stream.next(), timeout]);
      await stream.close();
      return {
        origin: location.origin, hostname: app.locationUrl, userId: user.id, email: profile.data.email,
        refreshed: user.refreshed, echoed, inserted, streamType: stream.contentType, event,
      };
    });
    """#

    static let keptScript = #"""
    run(async (at) => {
      const app = new WebApp(params.get("app"), params.get("server"));
      if (params.get("logIn") === "1") {
        at("log-in");
        const user = await app.logIn(params.get("email"), params.get("password"));
        return { loggedIn: true, userId: user.id, keys: app.storedKeys() };
      }
      at("storage");
      const user = app.hydratedUser();
      if (user === null) throw new Error("no user in localStorage");
      const keptAccessToken = user.accessToken;
      const keptEmail = user.profile ? user.profile.data.email : null;
      at("profile");
      const profile = await app.refreshProfile(user);
      return {
        loggedIn: false, userId: user.id, keptEmail, email: profile.data.email, refreshed: user.refreshed || 0,
        accessTokenReplaced: localStorage.getItem(app.userKey(user.id, "accessToken")) !== keptAccessToken,
        keys: app.storedKeys(),
      };
    });
    """#

    static let refusedScript = #"""
    run(async (at) => {
      const id = params.get("app");
      const app = new WebApp(id, params.get("server"));
      const route = `${params.get("server")}${BASE_ROUTE}/app/${id}`;
      const attempts = [
        ["location", { method: "GET", url: `${route}/location` }],
        ["log-in", {
          method: "POST", url: `${route}/auth/providers/local-userpass/login`,
          body: { username: params.get("email"), password: params.get("password"), options: { device: { sdk: "Web" } } },
        }],
      ];
      const outcome = {};
      for (const [name, request] of attempts) {
        at(name);
        try {
          const answer = await app.send(request);
          outcome[name] = { status: answer.status };
        } catch (error) {
          outcome[name] = { blocked: `${error.name}: ${error.message}` };
        }
      }
      return outcome;
    });
    """#
}
