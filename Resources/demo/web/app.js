// Roster web demo: a page on one origin using Roster's App Services client API on another, with
// plain fetch. Every answer is untrusted: it is shown with textContent only, and read with a bound.
"use strict";

(() => {
  const api = document.querySelector('meta[name="roster-api"]').content;
  const appId = document.querySelector('meta[name="roster-app"]').content;
  const client = `${api}/api/client/v2.0`;
  const app = `${client}/app/${encodeURIComponent(appId)}`;
  // What one change stream may hold unread before the page gives up on it.
  const streamBufferLimit = 1 << 20;
  const $ = (id) => document.getElementById(id);

  let session = null; // { accessToken, refreshToken, userId }
  let stream = null; // the AbortController of the open change stream

  function say(text, isError = false) {
    $("status").textContent = text;
    $("status").className = isError ? "error" : "";
  }

  /** A JSON call; an answer other than 2xx throws with the server's `error` text. */
  async function call(method, url, { body, token } = {}) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(url, {
      method, headers, mode: "cors", credentials: "omit",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch { json = null; }
    if (!response.ok) {
      const error = new Error(json && typeof json.error === "string" ? json.error : `HTTP ${response.status}`);
      error.status = response.status;
      throw error;
    }
    return json;
  }

  /** A call with the access token, refreshed once when it has expired. */
  async function withAccess(method, url, body) {
    try {
      return await call(method, url, { body, token: session.accessToken });
    } catch (error) {
      if (error.status !== 401) throw error;
      await refresh();
      return call(method, url, { body, token: session.accessToken });
    }
  }

  async function refresh() {
    const answer = await call("POST", `${client}/auth/session`, { token: session.refreshToken });
    session.accessToken = String(answer.access_token);
  }

  /** Extended JSON as plain values, for showing: {"$numberInt": "1"} as 1, {"$oid": …} as its hex. */
  function plain(value) {
    if (Array.isArray(value)) return value.map(plain);
    if (value === null || typeof value !== "object") return value;
    const keys = Object.keys(value);
    if (keys.length === 1) {
      const inner = value[keys[0]];
      switch (keys[0]) {
        case "$numberInt": case "$numberDouble": case "$numberLong": case "$numberDecimal": return Number(inner);
        case "$oid": return String(inner);
        case "$date": return typeof inner === "string" ? inner : String(plain(inner));
      }
    }
    // fromEntries makes own properties, so a "__proto__" key stays a key.
    return Object.fromEntries(keys.map((key) => [key, plain(value[key])]));
  }

  function shown(value) {
    return typeof value === "string" ? value : JSON.stringify(value);
  }

  /** Fills a <dl> with one row a field; the rows whose value changed since `before` flash. */
  function fill(list, fields, before = null) {
    const rows = [];
    for (const [key, value] of Object.entries(fields)) {
      const term = document.createElement("dt");
      term.textContent = key;
      const detail = document.createElement("dd");
      detail.textContent = shown(value);
      if (before && shown(before[key]) !== detail.textContent) detail.className = "changed";
      rows.push(term, detail);
    }
    if (rows.length === 0) {
      const none = document.createElement("dd");
      none.textContent = "none";
      rows.push(none);
    }
    list.replaceChildren(...rows);
  }

  async function showProviders() {
    const providers = await call("GET", `${app}/auth/providers`);
    const items = (Array.isArray(providers) ? providers : []).map((provider) => {
      const item = document.createElement("li");
      item.textContent = String(provider && provider.name);
      return item;
    });
    $("providers").replaceChildren(...items);
    const names = items.map((item) => item.textContent);
    $("login-email").hidden = !names.includes("local-userpass");
    $("login-anonymous").hidden = !names.includes("anon-user");
  }

  async function logIn(provider, credentials) {
    say("Logging in…");
    const answer = await call("POST", `${app}/auth/providers/${provider}/login`, { body: credentials });
    session = { accessToken: String(answer.access_token), refreshToken: String(answer.refresh_token), userId: String(answer.user_id) };
    $("login-section").hidden = true;
    await showProfile();
    await showCustomData();
    say("");
  }

  async function showProfile() {
    const profile = await withAccess("GET", `${client}/auth/profile`);
    const identities = Array.isArray(profile.identities) ? profile.identities : [];
    const fields = { "user id": profile.user_id, providers: identities.map((identity) => identity && identity.provider_type).join(", ") };
    for (const [key, value] of Object.entries(profile.data || {})) fields[key] = value;
    fill($("profile"), fields);
    $("profile-section").hidden = false;
  }

  // Custom data: where it lives, the user's document now, then every change to it as it comes.
  let where = null;
  let current = null;

  function showDocument(document) {
    const fields = document ? plain(document) : {};
    delete fields._id;
    if (where) delete fields[where.userIdField];
    fill($("custom-data"), fields, current);
    current = fields;
  }

  async function showCustomData() {
    where = await call("GET", `${app}/custom-user-data`);
    if (!where || !where.enabled) return;
    $("data-section").hidden = false;
    const document = await withAccess("POST", `${app}/functions/call`, {
      name: "findOne", service: "mongodb-atlas",
      arguments: [{ database: where.database, collection: where.collection, query: { [where.userIdField]: session.userId } }],
    });
    showDocument(document);
    watch().catch((error) => ended(error.name === "AbortError" ? "closed" : `ended: ${error.message}`));
  }

  function ended(text) {
    $("live").textContent = text;
    $("live").className = "badge ended";
  }

  function base64(text) {
    let binary = "";
    for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
    return btoa(binary);
  }

  /** A `watch` change stream as realm-web opens one: the call in `baas_request`, read as text/event-stream. */
  async function watch() {
    const request = { name: "watch", service: "mongodb-atlas", arguments: [{ database: where.database, collection: where.collection }] };
    const controller = new AbortController();
    stream = controller;
    const response = await fetch(`${app}/functions/call?baas_request=${encodeURIComponent(base64(JSON.stringify(request)))}`, {
      headers: { Authorization: `Bearer ${session.accessToken}`, Accept: "text/event-stream" },
      mode: "cors", credentials: "omit", signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    $("live").textContent = "live";
    $("live").className = "badge live";
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      if (buffer.length > streamBufferLimit) {
        controller.abort();
        throw new Error("an event too large");
      }
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        received(block);
      }
    }
    ended("ended");
  }

  /** One event of the stream: `data:` lines of Extended JSON with %, LF and CR escaped. */
  function received(block) {
    let kind = "message";
    const data = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) kind = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length === 0) return;
    const text = data.join("\n").replace(/%(25|0A|0D)/g, (_, code) => ({ 25: "%", "0A": "\n", "0D": "\r" })[code]);
    let event;
    try { event = JSON.parse(text); } catch { return; }
    if (kind === "error") {
      ended(`ended: ${event && typeof event.error === "string" ? event.error : "error"}`);
      return;
    }
    const operation = event && event.operationType;
    const document = event && event.fullDocument;
    if (document && typeof document === "object" && document[where.userIdField] === session.userId) {
      showDocument(document);
      $("changes").textContent = `Last change: ${String(operation)} at ${new Date().toLocaleTimeString()}`;
    } else if (operation === "delete") {
      $("changes").textContent = `A document was deleted at ${new Date().toLocaleTimeString()}`;
    }
  }

  async function logOut() {
    if (stream) stream.abort();
    const ending = session;
    session = null;
    current = null;
    $("profile-section").hidden = true;
    $("data-section").hidden = true;
    $("login-section").hidden = false;
    $("live").textContent = "connecting";
    $("live").className = "badge";
    $("changes").textContent = "";
    try {
      await call("DELETE", `${client}/auth/session`, { token: ending.refreshToken });
      say("Logged out.");
    } catch (error) {
      say(`Log-out: ${error.message}`, true);
    }
  }

  function failed(error) {
    say(error.message, true);
  }

  $("page-origin").textContent = location.origin;
  $("api-origin").textContent = new URL(api).origin;
  $("login").addEventListener("submit", (event) => {
    event.preventDefault();
    logIn("local-userpass", { username: $("email").value, password: $("password").value }).catch(failed);
  });
  $("login-anonymous").addEventListener("click", () => logIn("anon-user", {}).catch(failed));
  $("logout").addEventListener("click", () => logOut());
  showProviders().catch((error) => say(`Cannot reach Roster at ${api}: ${error.message}`, true));
})();
