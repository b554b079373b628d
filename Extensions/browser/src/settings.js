// What the extension keeps in extension storage: the server, the token, the remembered wall and
// the extra headers an access proxy wants. Nothing here is sent anywhere but to that server.

/** The API major version this extension speaks and the server features it needs. */
export const API_VERSION = 1;
export const NEEDED_FEATURES = ["page_snapshot", "items_lookup"];

const DEFAULTS = {
  server: "",          // "https://wall.example.com" (an origin, no trailing slash)
  token: "",           // the API token from POST /v1/auth/token
  tokenLabel: "",
  username: "",
  defaultWall: "",     // a wall id, or "" for the server's default wall
  extraHeaders: [],    // [[name, value], …] sent with every request (access proxies)
  showSaved: true,     // look up each tab's page to mark it saved
};

/** The stored settings, with defaults for what is not stored. A server address stored before
 * an update refused it (http:// on the internet) leaves the extension signed out: nothing is
 * sent in clear text, and signing in again says why. */
export async function loadSettings() {
  const stored = await chrome.storage.local.get(Object.keys(DEFAULTS));
  const settings = { ...DEFAULTS, ...stored };
  if (settings.server) {
    try { normaliseServer(settings.server); } catch { settings.token = ""; }
  }
  return settings;
}

/** Stores some settings. */
export async function saveSettings(changes) {
  await chrome.storage.local.set(changes);
}

/** A server address as an origin (scheme, host, port), or throws a readable error. */
export function normaliseServer(raw) {
  let url;
  try {
    url = new URL(String(raw).trim());
  } catch {
    throw new Error("The server address is not a web address (e.g. https://wall.example.com).");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error("The server address must start with https:// (or http:// on your own network).");
  }
  if (url.protocol === "http:" && !onOwnNetwork(url.hostname)) {
    throw new Error("A server on the internet needs https://: over http:// your password, token and pages " +
      "cross it readable by anyone on the way (http:// is for this computer or your own network).");
  }
  return url.origin;
}

/** Whether a host name is this computer or a private network's: loopback, private and
 * link-local addresses (IPv4 and IPv6), shared address space (100.64/10, as VPN meshes use),
 * names without a dot, and `.local`, `.lan`, `.home.arpa`, `.internal`, `.localhost` names. */
export function onOwnNetwork(hostname) {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (!host.includes(".") && !host.includes(":")) return true;
  if (/\.(local|lan|home\.arpa|internal|localhost)$/.test(host)) return true;
  const v4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
      || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  return host === "::1" || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe[89ab][0-9a-f]:/.test(host);
}

/** The host permission pattern for a server origin (ports are not part of a match pattern). */
export function originPattern(origin) {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

/** Reads "Name: value" lines into header pairs; throws on a line that is not one. */
export function parseHeaderLines(text) {
  const headers = [];
  for (const [index, line] of String(text).split("\n").entries()) {
    if (!line.trim()) continue;
    const colon = line.indexOf(":");
    const name = colon > 0 ? line.slice(0, colon).trim() : "";
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new Error(`Header line ${index + 1} is not "Name: value".`);
    }
    if (name.toLowerCase() === "authorization") {
      throw new Error("The Authorization header carries the extension's token; use another header for the proxy.");
    }
    headers.push([name, line.slice(colon + 1).trim()]);
  }
  return headers;
}

/** The browser's name for the token label ("Chrome on Linux", "Firefox on macOS"). */
export function browserLabel() {
  const agent = navigator.userAgent;
  const browser = /Firefox\//.test(agent) ? "Firefox" : /Edg\//.test(agent) ? "Edge" : /Chrome\//.test(agent) ? "Chromium" : "Browser";
  const os = /Mac OS X/.test(agent) ? "macOS" : /Windows/.test(agent) ? "Windows" : /CrOS/.test(agent) ? "ChromeOS" : /Linux/.test(agent) ? "Linux" : "";
  return `Browser extension (${browser}${os ? " on " + os : ""})`;
}
