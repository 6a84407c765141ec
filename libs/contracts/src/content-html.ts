/**
 * The HTML a content body may hold, and the one tree sanitiser the browser apps apply it with. Zod-free, so a
 * page that shows content takes it (`@candor/contracts/content-html`) without the package's schemas; the
 * server applies the same list with sanitize-html (content.ts re-exports it).
 */

/**
 * The HTML the server keeps (sanitize-html's allow-list, applied on save) and the apps render (their one
 * component drops anything else again): headings, paragraphs, lists, links, images, bold and italic.
 */
export const CONTENT_HTML = {
  tags: ['h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'a', 'img', 'strong', 'b', 'em', 'i', 'blockquote'] as const,
  attributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] } as Record<string, readonly string[]>,
  schemes: ['https', 'http', 'mailto'] as const,
} as const;

export type ContentTag = (typeof CONTENT_HTML.tags)[number];

/** What the sanitiser reads of a parsed node: a browser DOM node, or (in tests) htmlparser2's. */
export interface HtmlSourceNode {
  nodeType: number;
  nodeValue?: string | null;
  tagName?: string;
  attributes?: ArrayLike<{ name: string; value: string }>;
  childNodes?: ArrayLike<HtmlSourceNode>;
}

export type SafeNode = { kind: 'text'; text: string } | { kind: 'element'; tag: ContentTag; attrs: Record<string, string>; children: SafeNode[] };

export interface SanitizeOptions {
  /** Tags read as an allowed one before the allow-list is applied (the console's editor writes div, h1, h5, h6). */
  rename?: Readonly<Record<string, ContentTag>>;
}

const ELEMENT = 1;
const TEXT = 3;
const DOCUMENT = 9;
const FRAGMENT = 11;
/** Deeper nesting than any article needs; what lies below is dropped rather than recursed into. */
const MAX_DEPTH = 48;
const VOID = new Set<string>(['br', 'img']);

const TAGS = new Set<string>(CONTENT_HTML.tags);
const SCHEMES = new Set<string>(CONTENT_HTML.schemes.map((s) => `${s}:`));
/** Attributes the sanitiser writes itself (never taken from the input), beside the allow-list's. */
const WRITTEN: Record<string, readonly string[]> = { a: ['rel', 'target'] };
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
  'xmp',
]);

/**
 * An attribute value as the URL parser reads it: C0 controls and spaces at either end, tabs and newlines
 * anywhere, removed. What is kept is exactly this, so no other trimming can turn a checked path into a scheme.
 */
const urlText = (value: string) => value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');

/**
 * A URL attribute's value when its scheme is allowed (or it has none: a path on this site), resolved the way
 * the browser would (so `java\nscript:` is caught too); else null. Blank leads nowhere and `//host` (or
 * `/\host`) names another site without a scheme: both refused, as the server refuses them.
 */
export function allowedUrl(value: string, origin: string): URL | null {
  const text = urlText(value);
  if (text === '' || /^[\\/]{2}/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, `${origin}/`);
  } catch {
    return null;
  }
  return SCHEMES.has(url.protocol) ? url : null;
}

interface Walk {
  origin: string;
  rename: Readonly<Record<string, ContentTag>>;
}

function cleanAttributes(tag: ContentTag, source: HtmlSourceNode, origin: string): Record<string, string> | null {
  const allowed = CONTENT_HTML.attributes[tag] ?? [];
  const attrs: Record<string, string> = {};
  let external = false;
  const list = source.attributes ?? [];
  for (let i = 0; i < list.length; i++) {
    const attr = list[i]!;
    const name = attr.name.toLowerCase();
    if (!allowed.includes(name) || name in attrs) continue;
    if (name === 'href' || name === 'src') {
      const url = allowedUrl(attr.value, origin);
      // Pictures only over https or from this site (our /api/media), as the server keeps them.
      if (!url || (name === 'src' && url.protocol !== 'https:' && url.origin !== origin)) continue;
      attrs[name] = urlText(attr.value);
      external = name === 'href' && url.protocol !== 'mailto:' && url.origin !== origin;
    } else if (name === 'width' || name === 'height') {
      if (/^\d{1,5}$/.test(attr.value.trim())) attrs[name] = attr.value.trim();
    } else {
      attrs[name] = attr.value;
    }
  }
  if (external) Object.assign(attrs, { rel: 'noopener noreferrer', target: '_blank' });
  // A picture without an allowed source shows nothing: drop it.
  if (tag === 'img' && !attrs.src) return null;
  return attrs;
}

function cleanChildren(source: HtmlSourceNode, walk: Walk, depth: number, out: SafeNode[]): void {
  const children = source.childNodes ?? [];
  for (let i = 0; i < children.length; i++) cleanNode(children[i]!, walk, depth, out);
}

function cleanNode(source: HtmlSourceNode, walk: Walk, depth: number, out: SafeNode[]): void {
  if (depth > MAX_DEPTH) return;
  if (source.nodeType === TEXT) {
    const text = source.nodeValue ?? '';
    if (text) out.push({ kind: 'text', text });
    return;
  }
  if (source.nodeType === DOCUMENT || source.nodeType === FRAGMENT) return cleanChildren(source, walk, depth + 1, out);
  // Comments, processing instructions, doctypes: nothing to show.
  if (source.nodeType !== ELEMENT) return;
  const name = (source.tagName ?? '').toLowerCase();
  if (DROP_WITH_CONTENT.has(name)) return;
  const renamed: string = walk.rename[name] ?? name;
  if (!TAGS.has(renamed)) return cleanChildren(source, walk, depth + 1, out);
  const tag = renamed as ContentTag;
  const attrs = cleanAttributes(tag, source, walk.origin);
  if (!attrs) return;
  // A link whose address was refused leads nowhere: its text stays, as text.
  if (tag === 'a' && !attrs.href) return cleanChildren(source, walk, depth + 1, out);
  const children: SafeNode[] = [];
  // Void elements keep no children, whatever a parser handed over.
  if (!VOID.has(tag)) cleanChildren(source, walk, depth + 1, children);
  out.push({ kind: 'element', tag, attrs, children });
}

/**
 * The allowed part of a parsed tree (a document, a fragment or a node), as plain objects. `origin` is the
 * page's: paths resolve against it, and links that leave it open in a new tab, without referrer or opener.
 */
export function sanitizeTree(root: HtmlSourceNode, origin: string, options: SanitizeOptions = {}): SafeNode[] {
  const out: SafeNode[] = [];
  cleanNode(root, { origin, rename: options.rename ?? {} }, 0, out);
  return out;
}

/** The part of the browser's DOMParser the apps use (this library is built without the DOM's types). */
interface InertParser {
  parseFromString(text: string, type: 'text/html'): { body: HtmlSourceNode };
}

/**
 * HTML parsed in an inert document by the browser's DOMParser (it runs no script and loads no image): the body,
 * for sanitizeTree. Browsers only; tests hand sanitizeTree another parser's tree.
 */
export function parseInBrowser(html: string): HtmlSourceNode {
  const Parser = (globalThis as unknown as { DOMParser: new () => InertParser }).DOMParser;
  return new Parser().parseFromString(`<!doctype html><html><head></head><body>${html}</body></html>`, 'text/html').body;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/**
 * Sanitised nodes written as HTML. Text and attribute values are escaped, and tags or attributes outside the
 * allow-list are left out here too, so the string holds nothing the allow-list does not, whoever built the nodes.
 */
export function safeNodesToHtml(nodes: readonly SafeNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') {
      out += escapeText(node.text);
      continue;
    }
    if (!TAGS.has(node.tag)) {
      out += safeNodesToHtml(node.children);
      continue;
    }
    const names = [...(CONTENT_HTML.attributes[node.tag] ?? []), ...(WRITTEN[node.tag] ?? [])];
    let attrs = '';
    for (const [name, value] of Object.entries(node.attrs)) if (names.includes(name)) attrs += ` ${name}="${escapeAttribute(value)}"`;
    out += VOID.has(node.tag) ? `<${node.tag}${attrs}>` : `<${node.tag}${attrs}>${safeNodesToHtml(node.children)}</${node.tag}>`;
  }
  return out;
}
