// What each way of saving sends: the page (with its snapshot), a link, an image or a selection.
// Each share gets its id here, before anything is sent.
import { capturePage, readImage } from "./capture.js";
import { loadSettings } from "./settings.js";

/** Limits to use until the server has told its own (`GET /v1/meta`). */
export const FALLBACK_LIMITS = { maxJSONBodyBytes: 1048576, maxPageSnapshotHTMLBytes: 786432, maxNoteLength: 10000, maxUploadBytes: 52428800 };

/** A new share id (the idempotency key), upper-case as the other clients write it. */
export function newShareID() { return crypto.randomUUID().toUpperCase(); }

function base(contentType, extra, choices, settings) {
  const body = { id: newShareID(), contentType, source: "browser_extension", timestamp: new Date().toISOString(), ...extra };
  const wall = choices.wall !== undefined ? choices.wall : settings.defaultWall;
  if (wall) body.wall = wall;
  if (choices.note && choices.note.trim()) body.userNote = choices.note;
  const tags = (choices.tags || []).map((tag) => tag.trim()).filter(Boolean);
  if (tags.length) body.tags = tags;
  return body;
}

/** A one-line title within the server's rules (no control characters, at most 1,000). */
export function cleanTitle(value) {
  const clean = String(value || "").replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();
  return clean.length <= 1000 ? clean : Array.from(clean).slice(0, 1000).join("").slice(0, 1000).replace(/[\ud800-\udbff]$/, "");
}

function isWebPage(url) { return /^https?:/i.test(url || ""); }

/** Keeps the JSON body within the server's limit: the snapshot's HTML gives way to its text,
 * then the text is trimmed. */
export function fitBody(body, limits, fallbackText = null) {
  const size = () => new TextEncoder().encode(JSON.stringify(body)).length;
  const limit = limits.maxJSONBodyBytes - 1024;
  if (size() <= limit || !body.page) return body;
  if (body.page.html) {
    body.page.html = null;
    body.page.text = body.page.text || fallbackText || null;
  }
  while (size() > limit && body.page.text) {
    body.page.text = Array.from(body.page.text).slice(0, Math.floor(body.page.text.length * 0.8)).join("");
  }
  if (size() > limit) delete body.page;
  return body;
}

/** The current page with its snapshot, captured from the tab (activeTab + scripting). A page the
 * extension can't read (the browser's own pages, the web store) is saved as its link alone. */
export async function pageShare(tab, choices, limits) {
  const settings = await loadSettings();
  if (!isWebPage(tab.url)) throw new Error("Only web pages (http or https) can be saved.");
  let snapshot = null;
  try {
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: tab.id }, func: capturePage, args: [limits.maxPageSnapshotHTMLBytes],
    });
    snapshot = result && result.result;
  } catch {
    snapshot = null;
  }
  const body = base("url", { url: tab.url, title: cleanTitle(choices.title || tab.title) || undefined }, choices, settings);
  let fallbackText = null;
  if (snapshot) {
    const { url: _seenAt, fallbackText: rendered, ...page } = snapshot;
    fallbackText = rendered;
    body.page = page;
  }
  return { id: body.id, body: fitBody(body, limits, fallbackText) };
}

/** A link from the page (the link, not the page it sits on), titled with the link's text. */
export async function linkShare(linkUrl, linkText, pageUrl, choices = {}) {
  const settings = await loadSettings();
  if (!isWebPage(linkUrl)) throw new Error("Only web links (http or https) can be saved.");
  const title = cleanTitle(linkText);
  const body = base("url", { url: linkUrl, ...(title ? { title } : {}) }, choices, settings);
  return { id: body.id, body };
}

/** A passage of text with the page it came from as its source. */
export async function selectionShare(text, tab, choices = {}) {
  const settings = await loadSettings();
  const passage = String(text || "").trim();
  if (!passage) throw new Error("Nothing is selected.");
  const extra = { text: passage };
  if (isWebPage(tab && tab.url)) extra.url = tab.url;
  if (tab && cleanTitle(tab.title)) extra.title = cleanTitle(tab.title);
  const body = base("text", extra, choices, settings);
  return { id: body.id, body };
}

/** An image as the page shows it, read in the page (with its cookies), as a file share;
 * throws a readable error when it is larger than the server takes or can't be read. */
export async function imageShare(srcUrl, tab, frameId, limits, choices = {}) {
  const settings = await loadSettings();
  if (/^data:/i.test(srcUrl) || isWebPage(srcUrl) || /^blob:/i.test(srcUrl)) {
    // read below
  } else {
    throw new Error("This image has no address the extension can read.");
  }
  const [result] = await chrome.scripting.executeScript({
    target: { tabId: tab.id, frameIds: [frameId || 0] }, func: readImage, args: [srcUrl, limits.maxUploadBytes],
  });
  const read = result && result.result;
  if (!read || !read.ok) {
    if (read && read.reason === "too_large") {
      throw new Error(`The image is ${megabytes(read.size)}; your server takes files up to ${megabytes(limits.maxUploadBytes)}. Nothing was sent.`);
    }
    throw new Error(`Could not read the image: ${(read && read.reason) || "the page did not answer"}.`);
  }
  const bytes = Uint8Array.from(atob(read.base64), (c) => c.charCodeAt(0));
  const type = read.type.split(";")[0];
  const name = fileName(srcUrl, type);
  const extra = {};
  if (isWebPage(tab.url)) extra.url = tab.url;
  if (cleanTitle(tab.title)) extra.title = cleanTitle(tab.title);
  const body = base("image", extra, choices, settings);
  return { id: body.id, body, files: [new File([bytes], name, { type })] };
}

function megabytes(bytes) { return `${(bytes / 1048576).toFixed(1)} MB`; }

function fileName(src, type) {
  let name = "";
  try { name = decodeURIComponent(new URL(src).pathname.split("/").pop() || ""); } catch { name = ""; }
  name = name.replace(/[^\w.\- ]+/g, "_").slice(0, 120);
  const extension = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif", "image/svg+xml": "svg" }[type];
  if (!name) name = "image";
  if (extension && !/\.\w{2,5}$/.test(name)) name += "." + extension;
  return name;
}
