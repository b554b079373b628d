// The options page: sign in (server, then a user name and password or a token), ask for host
// permission for that server's origin only, check that the server fits, keep the token; sign
// out revokes it.
import { loadSettings, saveSettings, normaliseServer, originPattern, parseHeaderLines, browserLabel } from "./src/settings.js";
import { signIn, revokeToken, checkVersion, call } from "./src/api.js";

const $ = (id) => document.getElementById(id);
/** The host permissions the extension holds, known before a click needs them. */
let grantedOrigins = new Set();

async function readGrantedOrigins() {
  grantedOrigins = new Set((await chrome.permissions.getAll()).origins || []);
}
chrome.permissions.onAdded.addListener(readGrantedOrigins);
chrome.permissions.onRemoved.addListener(readGrantedOrigins);

function status(message, kind = "info") {
  $("status").textContent = message;
  $("status").dataset.kind = kind;
}

function method() { return document.querySelector("input[name=method]:checked").value; }

function showMethod() {
  $("password-fields").hidden = method() !== "password";
  $("token-fields").hidden = method() !== "token";
}

async function render() {
  const settings = await loadSettings();
  $("server").value = settings.server;
  $("headers").value = (settings.extraHeaders || []).map(([name, value]) => `${name}: ${value}`).join("\n");
  $("sign-in").hidden = Boolean(settings.token);
  $("signed-in").hidden = !settings.token;
  $("signed-in-server").textContent = settings.server;
  $("signed-in-user").textContent = settings.username || "(token)";
  $("show-saved").checked = settings.showSaved;
}

async function onSignIn(event) {
  event.preventDefault();
  $("sign-in-button").disabled = true;
  try {
    const server = normaliseServer($("server").value);
    const extraHeaders = parseHeaderLines($("headers").value);
    // Host permission for this server only, asked before anything is awaited (Firefox honours
    // a request only straight from the click), unless it is granted already.
    const origin = originPattern(server);
    if (!grantedOrigins.has(origin)) {
      const granted = await chrome.permissions.request({ origins: [origin] });
      if (!granted) throw new Error(`The extension needs permission to reach ${server} to save there.`);
    }
    const draft = { server, extraHeaders, token: "" };
    status("Checking the server…");
    const fit = await checkVersion(draft);
    if (!fit.ok) throw new Error(fit.message);
    let token, username;
    if (method() === "password") {
      username = $("username").value.trim();
      const answer = await signIn(draft, username, $("password").value, browserLabel());
      token = answer.token;
    } else {
      token = $("token").value.trim();
      const me = await call("GET", "/v1/me", { settings: { ...draft, token } });
      username = me.user && me.user.username;
    }
    await saveSettings({ server, extraHeaders, token, username, tokenLabel: browserLabel(), defaultWall: "" });
    $("password").value = "";
    $("token").value = "";
    status(`Signed in to ${server}. Save a page with the toolbar button, a right-click or Alt+Shift+S.`, "ok");
    await render();
  } catch (error) {
    status(error.message, "error");
  } finally {
    $("sign-in-button").disabled = false;
  }
}

async function onSignOut() {
  const settings = await loadSettings();
  let note = "";
  try {
    await revokeToken(settings);
  } catch (error) {
    note = ` The server could not be told (${error.message}); revoke the token "${settings.tokenLabel}" in the wall's settings.`;
  }
  await saveSettings({ token: "", username: "" });
  status("Signed out." + note, note ? "error" : "ok");
  await render();
}

$("sign-in").addEventListener("submit", onSignIn);
$("sign-out").addEventListener("click", onSignOut);
$("show-saved").addEventListener("change", () => saveSettings({ showSaved: $("show-saved").checked }));
for (const radio of document.querySelectorAll("input[name=method]")) radio.addEventListener("change", showMethod);
Promise.all([render(), readGrantedOrigins()]).then(() => { document.body.dataset.ready = "true"; });
