// The extension's service worker (an event page in Firefox): context menus, the keyboard
// shortcut, the popup's requests, the outbox's retries, the badge and the "already saved" mark.
import * as delivery from "./src/delivery.js";
import { checkVersion, lookup, ServerError } from "./src/api.js";
import { loadSettings, saveSettings } from "./src/settings.js";
import { FALLBACK_LIMITS, pageShare, linkShare, selectionShare, imageShare } from "./src/shares.js";

const LOOKUP_TTL_MS = 10 * 60 * 1000;
const META_TTL_MS = 60 * 60 * 1000;

// MARK: Server facts (version check, limits), asked at most once an hour

async function serverFacts({ fresh = false } = {}) {
  const settings = await loadSettings();
  if (!settings.server) return { ok: false, signedIn: false, message: "Not signed in.", limits: FALLBACK_LIMITS };
  const { facts } = await chrome.storage.session.get("facts");
  if (!fresh && facts && facts.server === settings.server && Date.now() - facts.at < META_TTL_MS) return facts;
  try {
    const check = await checkVersion(settings);
    const limits = { ...FALLBACK_LIMITS, ...((check.meta && check.meta.limits) || {}) };
    const next = { ok: check.ok, signedIn: Boolean(settings.token), message: check.message, limits, server: settings.server, at: Date.now() };
    await chrome.storage.session.set({ facts: next });
    return next;
  } catch (error) {
    // Unreachable now: say nothing about versions, use the last limits known.
    return { ok: true, signedIn: Boolean(settings.token), message: "", limits: (facts && facts.limits) || FALLBACK_LIMITS, unreachable: error.message };
  }
}

// MARK: Saving

/** Sends a share and remembers the outcome for the popup; refreshes the badge and the mark. */
async function submit(share, url) {
  const result = await delivery.submit(share);
  // The server no longer takes the token: the person is signed out (the share is kept).
  if (result.state === "signedOut") await saveSettings({ token: "" });
  await remember(result);
  if (url && result.state !== "refused") await forgetLookup(url);
  await refreshBadge();
  return result;
}

async function remember(result) {
  await chrome.storage.session.set({ lastResult: { ...result, at: Date.now() } });
}

async function refuse(message) {
  const result = { state: "refused", message };
  await remember(result);
  await refreshBadge();
  return result;
}

/** Saves the page in `tab` with its snapshot (the popup, the page menu and the shortcut). */
async function savePage(tab, choices = {}) {
  const facts = await serverFacts();
  if (!facts.ok) return refuse(facts.message);
  let share;
  try { share = await pageShare(tab, choices, facts.limits); } catch (error) { return refuse(error.message); }
  return submit(share, tab.url);
}

/** The link's text, read from the page (Chromium's menu event does not carry it). */
async function linkText(info, tab) {
  if (info.linkText) return info.linkText;
  try {
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: tab.id, frameIds: [info.frameId || 0] },
      func: (href) => {
        const link = [...document.querySelectorAll("a[href]")].find((anchor) => anchor.href === href);
        return link ? (link.innerText || link.getAttribute("aria-label") || link.title || "").trim() : "";
      },
      args: [info.linkUrl],
    });
    return (result && result.result) || "";
  } catch {
    return "";
  }
}

/** What each context menu item does; the tests call this same function. */
async function onMenuClick(info, tab) {
  const facts = await serverFacts();
  if (!facts.ok) return refuse(facts.message);
  try {
    switch (info.menuItemId) {
      case "save-link":
        return submit(await linkShare(info.linkUrl, await linkText(info, tab), tab && tab.url), info.linkUrl);
      case "save-image":
        return submit(await imageShare(info.srcUrl, tab, info.frameId, facts.limits));
      case "save-selection":
        return submit(await selectionShare(info.selectionText, tab));
      case "save-page":
      default:
        return savePage(tab);
    }
  } catch (error) {
    return refuse(error.message);
  }
}

// MARK: The badge and the "already saved" mark

const lookupsInFlight = new Map();

/** Whether `url` is on the wall: asked of the server at most once per address every 10
 * minutes (answers are kept in session storage; a question already asked is waited for). */
function cachedLookup(url) {
  if (!lookupsInFlight.has(url)) {
    lookupsInFlight.set(url, askLookup(url).finally(() => lookupsInFlight.delete(url)));
  }
  return lookupsInFlight.get(url);
}

async function askLookup(url) {
  const settings = await loadSettings();
  if (!settings.token || !settings.showSaved || !/^https?:/i.test(url || "")) return null;
  const key = "lookup:" + url;
  const stored = (await chrome.storage.session.get(key))[key];
  if (stored && Date.now() - stored.at < LOOKUP_TTL_MS) return stored.saved;
  try {
    const answer = await lookup(url);
    await chrome.storage.session.set({ [key]: { saved: Boolean(answer && answer.saved), at: Date.now() } });
    return Boolean(answer && answer.saved);
  } catch (error) {
    if (error instanceof ServerError && error.kind === "refused") {
      await chrome.storage.session.set({ [key]: { saved: false, at: Date.now() } });
    }
    return null;
  }
}

async function forgetLookup(url) {
  await chrome.storage.session.remove("lookup:" + url);
}

/** The badge: how many shares wait (on every tab), else a check mark where the page is saved. */
async function refreshBadge(tab) {
  const count = await delivery.waitingCount();
  const { lastResult } = await chrome.storage.session.get("lastResult");
  const failed = lastResult && lastResult.state === "refused" && !lastResult.seen;
  if (!tab) [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  await chrome.action.setBadgeBackgroundColor({ color: failed ? "#b91c1c" : count ? "#b45309" : "#15803d" });
  const global = count ? String(count) : failed ? "!" : "";
  await chrome.action.setBadgeText({ text: global });
  await chrome.action.setTitle({ title: count ? `Digital Wall: ${count} waiting to send` : "Save to Digital Wall" });
  if (tab && tab.id !== undefined && !count && !failed) {
    const saved = await cachedLookup(tab.url);
    await chrome.action.setBadgeText({ tabId: tab.id, text: saved ? "✓" : "" });
    await chrome.action.setTitle({ tabId: tab.id, title: saved ? "Already on your wall" : "Save to Digital Wall" });
  }
}

delivery.onChange(() => { refreshBadge().catch(() => {}); scheduleRetries().catch(() => {}); });

/** Wakes the worker when the next share waiting out its backoff or Retry-After may go (shares
 * kept while signed out wait for the sign-in instead). */
async function scheduleRetries() {
  const next = await delivery.nextTry();
  if (next) await chrome.alarms.create("drain", { when: next });
  else await chrome.alarms.clear("drain");
}

// MARK: Wiring

function createMenus() {
  chrome.contextMenus.removeAll(() => {
    chrome.contextMenus.create({ id: "save-page", title: "Save this page to Digital Wall", contexts: ["page"] });
    chrome.contextMenus.create({ id: "save-link", title: "Save this link to Digital Wall", contexts: ["link"] });
    chrome.contextMenus.create({ id: "save-image", title: "Save this image to Digital Wall", contexts: ["image"] });
    chrome.contextMenus.create({ id: "save-selection", title: "Save the selection to Digital Wall", contexts: ["selection"] });
  });
}

chrome.runtime.onInstalled.addListener((details) => {
  createMenus();
  if (details.reason === "install") chrome.runtime.openOptionsPage();
});
chrome.runtime.onStartup.addListener(() => { createMenus(); delivery.drain().catch(() => {}); });
chrome.contextMenus.onClicked.addListener((info, tab) => { onMenuClick(info, tab); });
chrome.commands.onCommand.addListener(async (command, tab) => {
  if (command !== "save-page") return;
  if (!tab) [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (tab) await savePage(tab);
});
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === "drain") delivery.drain().then(() => refreshBadge()).catch(() => {});
});
chrome.tabs.onActivated.addListener(({ tabId }) => { chrome.tabs.get(tabId).then((tab) => refreshBadge(tab)).catch(() => {}); });
chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.status === "complete" && tab.active) refreshBadge(tab).catch(() => {});
});
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === "local" && (changes.token || changes.server)) {
    const signedIn = Boolean(changes.token && changes.token.newValue);
    chrome.storage.session.clear().then(() => (signedIn ? delivery.drain({ force: true }) : null)).then(() => refreshBadge()).catch(() => {});
  }
});

// The popup and the options page talk to the worker, so the outbox has one writer.
chrome.runtime.onMessage.addListener((message, sender, reply) => {
  const work = {
    savePage: async () => savePage(await chrome.tabs.get(message.tabId), message.choices),
    facts: () => serverFacts({ fresh: Boolean(message.fresh) }),
    waiting: () => delivery.waiting(),
    sendNow: async () => { const results = await delivery.drain({ force: true }); await refreshBadge(); return results; },
    discard: async () => { await delivery.discard(message.id); await refreshBadge(); },
    lastResult: async () => (await chrome.storage.session.get("lastResult")).lastResult || null,
    seenLastResult: async () => {
      const { lastResult } = await chrome.storage.session.get("lastResult");
      if (lastResult) await chrome.storage.session.set({ lastResult: { ...lastResult, seen: true } });
      await refreshBadge();
    },
    isSaved: () => cachedLookup(message.url),
  }[message && message.type];
  if (!work) return false;
  Promise.resolve().then(work).then(
    (value) => reply({ ok: true, value }),
    (error) => reply({ ok: false, error: String((error && error.message) || error) }),
  );
  return true;
});

// For the tests (and the console): the same handlers the menus and the popup call.
globalThis.dwall = {
  onMenuClick, savePage, drain: delivery.drain, waiting: delivery.waiting, discard: delivery.discard, refreshBadge, serverFacts,
  loadSettings,
};
