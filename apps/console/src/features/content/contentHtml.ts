import { allowedUrl, parseInBrowser, safeNodesToHtml, sanitizeTree, type ContentTag, type HtmlSourceNode } from '@candor/contracts/content-html';

/**
 * The console's HTML cleaning: the editor's output before saving, pasted HTML, and what the phone preview
 * renders all go through the shared tree sanitiser (the web's, on the allow-list the server keeps) and are
 * written back as escaped HTML. The server sanitises again on save.
 */

/** What browsers' editing commands and pasted documents produce, read as an allowed tag. */
const EDITOR_RENAME: Readonly<Record<string, ContentTag>> = { div: 'p', h1: 'h2', h5: 'h4', h6: 'h4' };

/** Parses HTML into a tree the sanitiser reads; unit tests hand in htmlparser2, which has no DOM. */
export type ParseHtml = (html: string) => HtmlSourceNode;

export interface CleanOptions {
  parse?: ParseHtml;
  /** The page's origin (the console's by default): paths resolve against it, links elsewhere are marked external. */
  origin?: string;
}

/** The input limited to CONTENT_HTML: other tags unwrapped (their text kept), scripts and the like dropped whole. */
export function cleanContentHtml(input: string, { parse = parseInBrowser, origin = window.location.origin }: CleanOptions = {}): string {
  return safeNodesToHtml(sanitizeTree(parse(input), origin, { rename: EDITOR_RENAME }));
}

/** Links an operator adds in the editor: https and mailto only (the allow-list also keeps http, for older texts). */
export function isEditorLinkAllowed(url: string, origin: string = window.location.origin): boolean {
  const link = url.trim();
  return /^(https:\/\/[^\s/]|mailto:[^\s])/i.test(link) && allowedUrl(link, origin) !== null;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', nbsp: '\u00a0' };
/** Decodes the character references of HTML text, enough to tell a blank text from one with content. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
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
