import { CONTENT_HTML } from '@candor/contracts';

/**
 * Limits HTML to CONTENT_HTML (the server's sanitize-html allow-list) without a DOM, so the same function
 * cleans the editor's output before saving, pasted HTML, and what the phone preview renders, and runs in
 * unit tests. The output is rebuilt from tokens: text never contains `<`, attributes are quoted and escaped,
 * so whatever the input, only allowed tags with allowed attributes come out. The server sanitises again.
 */

const ALLOWED = new Set<string>(CONTENT_HTML.tags);
const VOID = new Set(['br', 'img']);
/** Tags whose content is not text for a reader: dropped with everything inside. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'head',
  'svg',
  'math',
  'select',
  'frameset',
  'noembed',
  'xmp',
]);
/** What browsers' editing commands and pasted documents produce, mapped to an allowed tag. */
const RENAME: Record<string, string> = { div: 'p', h1: 'h2', h5: 'h4', h6: 'h4' };
const URL_ATTRIBUTES = new Set(['href', 'src']);

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const escapeText = (s: string) => s.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0' };
/** Decodes the entities an attribute may hide a scheme behind (`&#106;avascript:`, `java&Tab;script:`). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

/** A URL with an allowed scheme (https, http, mailto), or a relative one (an uploaded image under /api/media). */
export function isAllowedUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme: `java\nscript:` is `javascript:`.
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (url === '') return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
  if (!scheme) return !url.startsWith('//') && !url.startsWith('\\');
  return (CONTENT_HTML.schemes as readonly string[]).includes(scheme[1]!.toLowerCase());
}

/** Links an operator adds in the editor: https and mailto only (the allow-list also keeps http, for older texts). */
export const isEditorLinkAllowed = (url: string): boolean => /^(https:\/\/[^\s/]|mailto:[^\s])/i.test(url.trim()) && isAllowedUrl(url.trim());

function cleanAttributes(tag: string, raw: string): string {
  const allowed = CONTENT_HTML.attributes[tag] ?? [];
  let out = '';
  const seen = new Set<string>();
  for (const m of raw.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (!allowed.includes(name) || seen.has(name)) continue;
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (URL_ATTRIBUTES.has(name) && !isAllowedUrl(value)) continue;
    if ((name === 'width' || name === 'height') && !/^\d{1,5}$/.test(value)) continue;
    seen.add(name);
    out += ` ${name}="${escapeAttribute(decodeEntities(value))}"`;
  }
  return out;
}

/** The input limited to CONTENT_HTML: other tags unwrapped (their text kept), scripts and the like dropped whole. */
export function cleanContentHtml(input: string): string {
  let out = '';
  const open: string[] = [];
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(input); m; m = TOKEN.exec(input)) {
    out += escapeText(input.slice(last, m.index));
    last = TOKEN.lastIndex;
    const rawName = m[1]?.toLowerCase();
    if (!rawName) continue; // comment, doctype, CDATA, processing instruction
    const closing = m[0][1] === '/';
    if (!closing && DROP_WITH_CONTENT.has(rawName)) {
      const end = new RegExp(`</${rawName}\\s*>`, 'ig');
      end.lastIndex = last;
      const found = end.exec(input);
      last = found ? end.lastIndex : input.length;
      TOKEN.lastIndex = last;
      continue;
    }
    const tag = RENAME[rawName] ?? rawName;
    if (!ALLOWED.has(tag)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at < 0) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    const attributes = cleanAttributes(tag, m[2] ?? '');
    if (tag === 'img' && !attributes.includes(' src="')) continue; // an image without an allowed source shows nothing
    out += `<${tag}${attributes}>`;
    if (!VOID.has(tag)) open.push(tag);
  }
  out += escapeText(input.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The text a reader would see, for telling an empty editor (`<p><br></p>`) from one with content. */
export function htmlText(html: string): string {
  const text = decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text || (/<img\s/i.test(html) ? '[image]' : '');
}

/** Plain text (pasted) as paragraphs: blank lines separate them, single line breaks become <br>. */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
