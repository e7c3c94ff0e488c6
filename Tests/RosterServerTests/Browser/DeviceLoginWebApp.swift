import BrowserStandIn

/// A web app on its own site that logs a person in through Roster's device log-in (as an app on
/// a shared screen would, where nobody types a password), and the person's web mail on that
/// site, in plain JavaScript:
///
/// - `/device.html?server=…&app=…`: "Start" posts `…/auth/device/start` from the page and shows
///   the code and a link to the approval page (`verification_uri_complete`, in a new window);
///   "Check" polls once and, once approved, reads the profile with the access token. `#outcome`
///   shows `{"loggedIn": {…}}` or `{"status": …, "answer": {…}}` as JSON.
/// - `/mail.html?link=…`: a message's link, as a web mail app shows it.
enum DeviceLoginWebApp {
    static let pages: [String: StaticPageServer.Page] = ["/device.html": .html(device), "/mail.html": .html(mail)]

    static let device = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>A shared screen</title></head>
        <body>
        <button id="start">Start</button>
        <p>Code: <span id="code"></span> <a id="approve" target="_blank" href="#">Approve on your phone</a></p>
        <button id="check">Check</button>
        <pre id="outcome"></pre>
        <script>
        "use strict";
        const query = new URLSearchParams(location.search);
        const server = query.get("server"), appId = query.get("app");
        const device = `${server}/api/client/v2.0/app/${appId}/auth/device`;
        const show = (value) => { document.getElementById("outcome").textContent = JSON.stringify(value); };
        let deviceCode;

        async function post(url, body) {
          const response = await fetch(url, {
            method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
          });
          return { status: response.status, answer: await response.json() };
        }

        document.getElementById("start").addEventListener("click", async () => {
          try {
            const { status, answer } = await post(`${device}/start`, { client: "web app", terminal: "shared screen" });
            if (status !== 200) return show({ status, answer });
            deviceCode = answer.device_code;
            document.getElementById("approve").href = answer.verification_uri_complete;
            document.getElementById("code").textContent = answer.user_code;
          } catch (error) {
            show({ error: String(error.message || error) });
          }
        });

        document.getElementById("check").addEventListener("click", async () => {
          try {
            const { status, answer } = await post(`${device}/poll`, { device_code: deviceCode });
            if (status !== 200) return show({ status, answer });
            const profile = await fetch(`${server}/api/client/v2.0/auth/profile`, {
              headers: { Authorization: `Bearer ${answer.access_token}` },
            });
            show({ loggedIn: { userId: answer.user_id, profileStatus: profile.status, profile: await profile.json() } });
          } catch (error) {
            show({ error: String(error.message || error) });
          }
        });
        </script>
        </body></html>
        """

    static let mail = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Mail</title></head>
        <body>
        <p>Your message: <a id="link" href="#">open the link</a></p>
        <script>
        "use strict";
        document.getElementById("link").href = new URLSearchParams(location.search).get("link");
        </script>
        </body></html>
        """
}
