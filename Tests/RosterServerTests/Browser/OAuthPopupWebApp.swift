import BrowserStandIn

/// A web app that logs in through Roster's browser sign-in as realm-web does it
/// (`Credentials.google({redirectUrl})`, `Credentials.facebook(redirectUrl)`, `App.logIn`,
/// `handleAuthRedirect()`), in plain JavaScript, for a site on another origin than the server:
///
/// - `/app.html?server=…&app=…&provider=oauth2-google`: "Log in" asks the server's location,
///   opens `…/auth/providers/<provider>/login?state=<12 random lower-case letters>&redirect=…&device=…`
///   in a window, waits for `realm-web:oauth2:state(<state>):result` to appear in `localStorage`
///   (its `storage` event; a window closed first ends the wait with "Window closed"), clears it,
///   closes the window, splits `userAuth` at `$` into the access and refresh tokens, the user id
///   and the device id (kept, as realm-web keeps it, and sent in `device` the next time), then reads the profile and refreshes the session with them. With
///   `&flow=header`, as realm-web 1.0 did, it first fetches that address with
///   `providerRedirectHeader=true` and opens the provider's page the `X-Baas-Location` header
///   of the answer names. `#outcome`
///   shows `{"loggedIn": {…}}` or `{"error": "…", "redirectError": "…"}` as JSON.
/// - `/redirect.html`: the redirect URL's page, which reads the fragment as realm-web's
///   `handleAuthRedirect` does (`_baas_client_app_id`, `_baas_ua`, `_baas_state`, `_baas_error`,
///   and their `_stitch_` names) and writes the result under the state's key.
enum OAuthPopupWebApp {
    static let pages: [String: StaticPageServer.Page] = ["/app.html": .html(app), "/redirect.html": .html(redirect)]

    static let app = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>A web app</title></head>
        <body>
        <button id="login">Log in</button>
        <pre id="outcome"></pre>
        <script>
        "use strict";
        const query = new URLSearchParams(location.search);
        const server = query.get("server"), appId = query.get("app"), provider = query.get("provider");
        const redirectUrl = new URL("/redirect.html", location.href).href;
        const storagePrefix = "realm-web:oauth2:";

        function generateState() {
          const letters = "abcdefghijklmnopqrstuvwxyz";
          let state = "";
          for (let i = 0; i < 12; i++) state += letters[Math.floor(Math.random() * letters.length)];
          return state;
        }

        function encodeQueryString(params) {
          return "?" + Object.entries(params).filter(([, v]) => v !== undefined)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
        }

        async function locationUrl() {
          const response = await fetch(`${server}/api/client/v2.0/app/${appId}/location`);
          if (!response.ok) throw new Error(`location answered ${response.status}`);
          return (await response.json()).hostname;
        }

        function openWindowAndWaitForRedirect(url, state) {
          const statePrefix = `${storagePrefix}state(${state}):`;
          return new Promise((resolve, reject) => {
            let redirectWindow = null;
            let closedCheck;
            const handleStorageUpdate = () => {
              const result = localStorage.getItem(statePrefix + "result");
              if (!result) return;
              window.removeEventListener("storage", handleStorageUpdate);
              for (const key of Object.keys(localStorage)) if (key.startsWith(statePrefix)) localStorage.removeItem(key);
              try {
                if (redirectWindow) {
                  clearInterval(closedCheck);
                  redirectWindow.close();
                }
              } finally {
                resolve(JSON.parse(result));
              }
            };
            window.addEventListener("storage", handleStorageUpdate);
            redirectWindow = window.open(url);
            closedCheck = setInterval(() => {
              if (!redirectWindow) {
                clearInterval(closedCheck);
              } else if (redirectWindow.closed) {
                clearInterval(closedCheck);
                window.removeEventListener("storage", handleStorageUpdate);
                reject(new Error("Window closed"));
              }
            }, 100);
          });
        }

        function decodeAuthInfo(authInfo) {
          const parts = (authInfo || "").split("$");
          if (parts.length !== 4) throw new Error("Failed to decode 'authInfo' into ids and tokens");
          const [accessToken, refreshToken, userId, deviceId] = parts;
          return { accessToken, refreshToken, userId, deviceId };
        }

        let redirectError;
        async function logIn() {
          const hostname = await locationUrl();
          const state = generateState();
          // realm-web's DeviceInformation: the device id of an earlier log-in, when there was one.
          const deviceIdKey = `realm-web:app(${appId}):deviceId`;
          const deviceId = localStorage.getItem(deviceIdKey) || undefined;
          const device = btoa(JSON.stringify({ deviceId, appId, platform: "chrome", platformVersion: "120", sdkVersion: "2.0.0" }))
            .replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
          const login = `${hostname}/api/client/v2.0/app/${appId}/auth/providers/${provider}/login`;
          let result;
          if (query.get("flow") === "header") {
            // realm-web 1.0: the address of the provider's page is fetched, and read from a header.
            const response = await fetch(login + encodeQueryString({ device, state, redirect: redirectUrl, providerRedirectHeader: true }));
            const providerUrl = response.headers.get("x-baas-location");
            if (!providerUrl) throw new Error("Missing x-baas-location header");
            result = await openWindowAndWaitForRedirect(providerUrl, state);
          } else {
            result = await openWindowAndWaitForRedirect(login + encodeQueryString({ state, redirect: redirectUrl, device }), state);
          }
          redirectError = result.error;
          const auth = decodeAuthInfo(result.userAuth);
          localStorage.setItem(deviceIdKey, auth.deviceId);
          const profileAnswer = await fetch(`${hostname}/api/client/v2.0/auth/profile`, {
            headers: { Authorization: `Bearer ${auth.accessToken}` },
          });
          const profile = await profileAnswer.json();
          const session = await fetch(`${hostname}/api/client/v2.0/auth/session`, {
            method: "POST", headers: { Authorization: `Bearer ${auth.refreshToken}` },
          });
          return {
            appId: result.appId, sameState: result.state === state, userId: auth.userId, deviceId: auth.deviceId,
            profileStatus: profileAnswer.status, profile, refreshStatus: session.status,
            sentDeviceId: deviceId || null,
            leftInStorage: Object.keys(localStorage).filter((key) => key.startsWith(storagePrefix)).length,
          };
        }

        const show = (value) => { document.getElementById("outcome").textContent = JSON.stringify(value); };
        document.getElementById("login").addEventListener("click", () => {
          logIn().then(
            (loggedIn) => show({ loggedIn }),
            (error) => show({ error: String(error && error.message || error), redirectError }));
        });
        </script>
        </body></html>
        """

    static let redirect = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head>
        <body>
        <p id="status">Signing in</p>
        <script>
        "use strict";
        const REDIRECT_HASH_TO_RESULT = {
          _stitch_client_app_id: "appId", _baas_client_app_id: "appId",
          _stitch_ua: "userAuth", _baas_ua: "userAuth",
          _stitch_link: "link", _baas_link: "link",
          _stitch_error: "error", _baas_error: "error",
          _stitch_state: "state", _baas_state: "state",
        };

        function decodeQueryString(text) {
          const clean = text[0] === "?" ? text.substr(1) : text;
          return Object.fromEntries(clean.split("&").filter((s) => s.length > 0).map((kvp) => kvp.split("="))
            .map(([k, v]) => [k, decodeURIComponent(v)]));
        }

        function handleAuthRedirect() {
          try {
            const params = decodeQueryString(location.hash.substr(1));
            const result = {};
            for (const [p, r] of Object.entries(REDIRECT_HASH_TO_RESULT)) if (params[p]) result[r] = params[p];
            if (typeof result.state === "string") {
              localStorage.setItem(`realm-web:oauth2:state(${result.state}):result`, JSON.stringify(result));
            } else if (result.error) {
              throw new Error(`Failed to handle OAuth 2.0 redirect: ${result.error}`);
            } else {
              throw new Error("Failed to handle OAuth 2.0 redirect.");
            }
          } catch (err) {
            console.warn(err);
            document.getElementById("status").textContent = String(err.message || err);
          }
        }
        handleAuthRedirect();
        </script>
        </body></html>
        """
}
