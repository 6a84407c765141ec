// The offline page's script (built to /offline.js): the page's words in the reader's language, read from
// the translations build/pwa-plugin.ts writes into offline.html, and a retry that reloads the page.

type OfflineText = Record<'title' | 'text' | 'retry', string>;

/** The same key as LANG_STORAGE_KEY in lib/i18n.ts (not imported: this page loads nothing else). */
const LANG_STORAGE_KEY = 'candor.lang';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}

const data = document.getElementById('offline-strings')?.textContent;
const texts = data ? (JSON.parse(data) as Record<string, OfflineText>) : {};
// As the app does: the language chosen in it, else zh-TW (the first).
const stored = storedLanguage();
const lng = stored && stored in texts ? stored : (Object.keys(texts)[0] ?? 'zh-TW');
const t = texts[lng];
if (t) {
  document.documentElement.lang = lng;
  document.title = t.title;
  for (const key of ['title', 'text', 'retry'] as const) {
    const el = document.getElementById(`offline-${key}`);
    if (el) el.textContent = t[key];
  }
}
document.getElementById('offline-retry')?.addEventListener('click', () => location.reload());
// Back online: load the page that was asked for.
window.addEventListener('online', () => location.reload());
export {};
