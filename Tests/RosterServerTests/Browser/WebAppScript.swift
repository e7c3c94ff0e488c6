/// What a web app built on realm-web does in a browser, written with plain `fetch` so the
/// tests need no bundle: the same requests, headers and `localStorage` layout as realm-web's
/// `App`, `User`, `Fetcher`, `FunctionsFactory` and `WatchStream`.
///
/// - Log-in: `GET …/app/<id>/location` first, then its `hostname` is the base; `POST
///   …/auth/providers/local-userpass/login` with `{username, password, options: {device}}`.
/// - Calls send `Accept: application/json`, `Content-Type: application/json` with a body, and
///   `Authorization: Bearer <access token>`; a 401 refreshes the access token (`POST
///   /auth/session` with the refresh token) and tries once more.
/// - `localStorage`: `realm-web:app(<id>):userIds` (a JSON list, the current user first),
///   `realm-web:app(<id>):deviceId`, and per user `realm-web:app(<id>):user(<user id>):`
///   `accessToken`, `refreshToken`, `profile` (JSON) and `providerType`.
/// - `watch`: `GET …/functions/call?baas_request=<base64 of the call>` with `Accept:
///   text/event-stream`, its body read as it comes and cut into server-sent events, whose data
///   has `%25`, `%0A` and `%0D` decoded.
///
/// Each page writes what it saw as JSON into `<pre id="outcome">`, or `{"error": …, "step": …}`.
enum WebAppScript {
    static let library = #"""
    "use strict";
    const BASE_ROUTE = "/api/client/v2.0";

    class Step extends Error {
      constructor(step, message) { super(message); this.step = step; }
    }

    // The query of the page's own URL: server, app, email, password and the page's switches.
    const params = new URLSearchParams(location.search);

    function report(outcome) {
      const pre = document.createElement("pre");
      pre.id = "outcome";
      pre.textContent = JSON.stringify(outcome);
      document.body.appendChild(pre);
    }

    async function run(body) {
      let step = "start";
      const at = (name) => { step = name; };
      try {
        report(await body(at));
      } catch (error) {
        report({ error: `${error.name}: ${error.message}`, step: error.step || step });
      }
    }

    function base64(text) {
      const bytes = new TextEncoder().encode(text);
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }

    class WebApp {
      constructor(id, baseUrl) {
        this.id = id;
        this.baseUrl = baseUrl;
        this.locationUrl = null;
      }

      key(...parts) { return ["realm-web", `app(${this.id})`, ...parts].join(":"); }
      userKey(userId, name) { return this.key(`user(${userId})`, name); }

      // Every key realm-web keeps for this app.
      storedKeys() {
        const prefix = this.key("");
        const keys = [];
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i);
          if (key.startsWith(prefix)) keys.push(key);
        }
        return keys.sort();
      }

      async appUrl() {
        if (this.locationUrl === null) {
          const answer = await this.send({ method: "GET", url: `${this.baseUrl}${BASE_ROUTE}/app/${this.id}/location` });
          if (typeof answer.body.hostname !== "string") throw new Error("no hostname in the location");
          this.locationUrl = answer.body.hostname;
        }
        return `${this.locationUrl}${BASE_ROUTE}/app/${this.id}`;
      }

      async baseRoute() {
        await this.appUrl();
        return `${this.locationUrl}${BASE_ROUTE}`;
      }

      // One request as realm-web's Fetcher sends it; the answer's status and JSON body.
      async send({ method, url, token, body }) {
        const headers = { Accept: "application/json" };
        if (body !== undefined) headers["Content-Type"] = "application/json";
        if (token) headers.Authorization = `Bearer ${token}`;
        const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const type = response.headers.get("content-type") || "";
        const json = type.startsWith("application/json") ? await response.json() : null;
        return { status: response.status, ok: response.ok, body: json };
      }

      // An authenticated call: a 401 refreshes the access token and tries once more.
      async call(user, request, attempt = 0) {
        const answer = await this.send({ ...request, token: user.accessToken });
        if (answer.status === 401 && attempt === 0) {
          await this.refreshAccessToken(user);
          return this.call(user, request, 1);
        }
        if (!answer.ok) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.body;
      }

      async logIn(username, password) {
        const deviceId = localStorage.getItem(this.key("deviceId"));
        const device = { sdkVersion: "2.0.1", platform: "chrome", platformVersion: navigator.userAgent, sdk: "Web" };
        if (deviceId) device.deviceId = deviceId;
        const answer = await this.send({
          method: "POST", url: `${await this.appUrl()}/auth/providers/local-userpass/login`,
          body: { username, password, options: { device } },
        });
        if (!answer.ok) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
        const { user_id: id, access_token: accessToken, refresh_token: refreshToken, device_id: newDeviceId } = answer.body;
        if (typeof id !== "string" || typeof accessToken !== "string" || typeof refreshToken !== "string") {
          throw new Error("the log-in answer lacks a user id or a token");
        }
        if (typeof newDeviceId === "string") localStorage.setItem(this.key("deviceId"), newDeviceId);
        const user = { id, accessToken, refreshToken, profile: null };
        this.keep(user);
        localStorage.setItem(this.userKey(id, "providerType"), "local-userpass");
        const ids = this.userIds().filter((other) => other !== id);
        localStorage.setItem(this.key("userIds"), JSON.stringify([id, ...ids]));
        await this.refreshProfile(user);
        return user;
      }

      keep(user) {
        localStorage.setItem(this.userKey(user.id, "accessToken"), user.accessToken);
        localStorage.setItem(this.userKey(user.id, "refreshToken"), user.refreshToken);
      }

      userIds() {
        const stored = localStorage.getItem(this.key("userIds"));
        const ids = stored ? JSON.parse(stored) : [];
        if (!Array.isArray(ids)) throw new Error("userIds is not a list");
        return [...new Set(ids)];
      }

      // The current user as realm-web hydrates it: the first stored id with a refresh token.
      hydratedUser() {
        for (const id of this.userIds()) {
          const refreshToken = localStorage.getItem(this.userKey(id, "refreshToken"));
          if (refreshToken === null) continue;
          const profile = localStorage.getItem(this.userKey(id, "profile"));
          return {
            id, refreshToken, accessToken: localStorage.getItem(this.userKey(id, "accessToken")),
            profile: profile ? JSON.parse(profile) : null,
          };
        }
        return null;
      }

      async refreshAccessToken(user) {
        const answer = await this.send({ method: "POST", url: `${await this.baseRoute()}/auth/session`, token: user.refreshToken });
        if (!answer.ok || typeof answer.body.access_token !== "string") {
          throw new Error(`refresh: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        user.accessToken = answer.body.access_token;
        user.refreshed = (user.refreshed || 0) + 1;
        localStorage.setItem(this.userKey(user.id, "accessToken"), user.accessToken);
      }

      async refreshProfile(user) {
        user.profile = await this.call(user, { method: "GET", url: `${await this.baseRoute()}/auth/profile` });
        localStorage.setItem(this.userKey(user.id, "profile"), JSON.stringify(user.profile));
        return user.profile;
      }

      async callFunction(user, name, args, service) {
        const body = { name, arguments: args };
        if (service) body.service = service;
        return this.call(user, { method: "POST", url: `${await this.appUrl()}/functions/call`, body });
      }

      // Opens a change stream; its events are read with `next()`.
      async watch(user, database, collection) {
        const call = { name: "watch", arguments: [{ database, collection }], service: "mongodb-atlas" };
        const url = `${await this.appUrl()}/functions/call?baas_request=${encodeURIComponent(base64(JSON.stringify(call)))}`;
        const response = await fetch(url, {
          method: "GET", headers: { Accept: "text/event-stream", Authorization: `Bearer ${user.accessToken}` },
        });
        if (!response.ok) throw new Error(`watch: ${response.status} ${await response.text()}`);
        return new EventStream(response.body.getReader(), response.headers.get("content-type"));
      }
    }

    // Server-sent events cut from a body read as it comes, as realm-web's WatchStream does.
    class EventStream {
      constructor(reader, contentType) {
        this.reader = reader;
        this.contentType = contentType;
        this.decoder = new TextDecoder();
        this.buffer = "";
        this.data = "";
        this.type = "";
        this.ready = [];
      }

      static decoded(data) {
        return data.replace(/%(25|0A|0D)/g, (_, code) => ({ "25": "%", "0A": "\n", "0D": "\r" })[code]);
      }

      line(text) {
        if (text.endsWith("\r")) text = text.slice(0, -1);
        if (text.length === 0) {
          if (this.data.length > 0) {
            const data = EventStream.decoded(this.data.endsWith("\n") ? this.data.slice(0, -1) : this.data);
            this.ready.push({ type: this.type || "message", data: JSON.parse(data) });
          }
          this.data = "";
          this.type = "";
          return;
        }
        if (text.startsWith(":")) return;
        const colon = text.indexOf(":");
        const field = colon === -1 ? text : text.slice(0, colon);
        let value = colon === -1 ? "" : text.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "event") this.type = value;
        if (field === "data") this.data += value + "\n";
      }

      // The next event, or null when the stream ends.
      async next() {
        while (this.ready.length === 0) {
          const { value, done } = await this.reader.read();
          if (done) return null;
          this.buffer += this.decoder.decode(value, { stream: true });
          let newline;
          while ((newline = this.buffer.indexOf("\n")) !== -1) {
            this.line(this.buffer.slice(0, newline));
            this.buffer = this.buffer.slice(newline + 1);
          }
        }
        return this.ready.shift();
      }

      close() { return this.reader.cancel(); }
    }
    """#
}
