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

/** The stored settings, with defaults for what is not stored. */
export async function loadSettings() {
  const stored = await chrome.storage.local.get(Object.keys(DEFAULTS));
  return { ...DEFAULTS, ...stored };
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
  return url.origin;
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
