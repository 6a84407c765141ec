import { CONTENT_HTML, type ContentTag } from './allowList';

/**
 * The one sanitiser of stored HTML in the web app. The server already cleaned the body on save; this does it
 * again on the way in, so whatever the database holds, only the allow-list reaches the page: it walks a parsed
 * tree and builds a new one of plain objects (SafeNode) that SafeHtml renders as React elements. No HTML
 * string is ever handed to the DOM.
 */

/** What the sanitiser reads of a parsed node: a browser DOM node, or (in tests) htmlparser2's. */
export interface HtmlSourceNode {
  nodeType: number;
  nodeValue?: string | null;
  tagName?: string;
  attributes?: ArrayLike<{ name: string; value: string }>;
  childNodes?: ArrayLike<HtmlSourceNode>;
}

export type SafeNode = { kind: 'text'; text: string } | { kind: 'element'; tag: ContentTag; attrs: Record<string, string>; children: SafeNode[] };

const ELEMENT = 1;
const TEXT = 3;
const DOCUMENT = 9;
const FRAGMENT = 11;
/** Deeper nesting than any article needs; what lies below is dropped rather than recursed into. */
const MAX_DEPTH = 48;

const TAGS = new Set<string>(CONTENT_HTML.tags);
const PROTOCOL_RELATIVE = /^\s*[\\/][\\/]/;
const SCHEMES = new Set<string>(CONTENT_HTML.schemes.map((s) => `${s}:`));
/**
 * Elements dropped with everything inside them (their text is code, styles or a form, never prose). Any
 * other element outside the allow-list is unwrapped: its tag goes, its allowed content stays.
 */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'select',
  'option',
  'button',
  'svg',
  'math',
  'canvas',
  'video',
  'audio',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'form',
  'input',
]);

/**
 * A URL attribute's value when its scheme is allowed (or it has none: a path on this site), resolved the way
 * the browser would (tabs, newlines and leading spaces ignored, so `java\nscript:` is caught too); else null.
 */
export function allowedUrl(value: string, origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(value, `${origin}/`);
  } catch {
    return null;
  }
  return SCHEMES.has(url.protocol) ? url : null;
}

function cleanAttributes(tag: ContentTag, source: HtmlSourceNode, origin: string): Record<string, string> | null {
  const allowed = CONTENT_HTML.attributes[tag] ?? [];
  const attrs: Record<string, string> = {};
  const list = source.attributes ?? [];
  for (let i = 0; i < list.length; i++) {
    const attr = list[i]!;
    const name = attr.name.toLowerCase();
    if (!allowed.includes(name)) continue;
    if (name === 'href' || name === 'src') {
      // `//host` (or `/\\host`) names another site without a scheme: refused, as the server refuses it.
      if (PROTOCOL_RELATIVE.test(attr.value)) continue;
      const url = allowedUrl(attr.value, origin);
      // Pictures only over https or from this site (our /api/media), as the server keeps them.
      if (!url || (name === 'src' && url.protocol !== 'https:' && url.origin !== origin)) continue;
      attrs[name] = attr.value.trim();
      if (name === 'href' && url.protocol !== 'mailto:' && url.origin !== origin) {
        attrs.rel = 'noopener noreferrer';
        attrs.target = '_blank';
      }
    } else if (name === 'width' || name === 'height') {
      if (/^\d{1,5}$/.test(attr.value.trim())) attrs[name] = attr.value.trim();
    } else {
      attrs[name] = attr.value;
    }
  }
  // A picture without an allowed source shows nothing: drop it.
  if (tag === 'img' && !attrs.src) return null;
  return attrs;
}

function cleanChildren(source: HtmlSourceNode, origin: string, depth: number, out: SafeNode[]): void {
  const children = source.childNodes ?? [];
  for (let i = 0; i < children.length; i++) cleanNode(children[i]!, origin, depth, out);
}

function cleanNode(source: HtmlSourceNode, origin: string, depth: number, out: SafeNode[]): void {
  if (depth > MAX_DEPTH) return;
  if (source.nodeType === TEXT) {
    const text = source.nodeValue ?? '';
    if (text) out.push({ kind: 'text', text });
    return;
  }
  if (source.nodeType === DOCUMENT || source.nodeType === FRAGMENT) return cleanChildren(source, origin, depth + 1, out);
  // Comments, processing instructions, doctypes: nothing to show.
  if (source.nodeType !== ELEMENT) return;
  const name = (source.tagName ?? '').toLowerCase();
  if (DROP_WITH_CONTENT.has(name)) return;
  if (!TAGS.has(name)) return cleanChildren(source, origin, depth + 1, out);
  const tag = name as ContentTag;
  const attrs = cleanAttributes(tag, source, origin);
  if (!attrs) return;
  // A link whose address was refused leads nowhere: its text stays, as text.
  if (tag === 'a' && !attrs.href) return cleanChildren(source, origin, depth + 1, out);
  const children: SafeNode[] = [];
  // Void elements keep no children, whatever a parser handed over.
  if (tag !== 'br' && tag !== 'img') cleanChildren(source, origin, depth + 1, children);
  out.push({ kind: 'element', tag, attrs, children });
}

/** The allowed part of a parsed tree (a document, a fragment or a node), as plain objects. */
export function sanitizeTree(root: HtmlSourceNode, origin: string): SafeNode[] {
  const out: SafeNode[] = [];
  cleanNode(root, origin, 0, out);
  return out;
}

/**
 * Parses `html` in an inert document (DOMParser runs no script and loads no image) and keeps its allowed
 * part. `origin` decides which links lead elsewhere (they open in a new tab, without referrer or opener).
 */
export function sanitizeHtml(html: string, origin: string): SafeNode[] {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head></head><body>${html}</body></html>`, 'text/html');
  return sanitizeTree(doc.body, origin);
}
