import { describe, expect, it } from '@jest/globals';
import { parseDocument } from 'htmlparser2';
import { allowedUrl, type HtmlSourceNode } from '@candor/contracts/content-html';
import { cleanContentHtml as cleanIn, htmlText, isEditorLinkAllowed, textToHtml } from './contentHtml';

// The console parses with DOMParser; here htmlparser2 (sanitize-html's parser) builds the tree it cleans.
const ORIGIN = 'https://app.example';
const parse = (html: string) => parseDocument(html) as unknown as HtmlSourceNode;
const cleanContentHtml = (html: string) => cleanIn(html, { parse, origin: ORIGIN });

describe('cleaning editor HTML to the allow-list', () => {
  it('keeps the allowed tags and attributes as they are, marking links to other sites', () => {
    const html =
      '<h2>Prices</h2><h3>How</h3><p>A <strong>bold</strong>, <b>b</b>, <em>em</em> and <i>i</i> word<br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>' +
      '<p><a href="https://example.com/a?b=1&amp;c=2" title="t">link</a> <a href="mailto:help@example.com">mail</a></p>' +
      '<p><img src="/api/media/abc.webp" alt="cover" width="360" height="200"></p>';
    expect(cleanContentHtml(html)).toBe(html.replace('title="t">', 'title="t" rel="noopener noreferrer" target="_blank">'));
  });

  it.each([
    ['a script with its content', '<p>a</p><script>alert(1)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['a style with its content', '<style>p{color:red}</style><p>x</p>', '<p>x</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['an event handler', '<img src="/api/media/a.jpg" onerror="alert(1)">', '<img src="/api/media/a.jpg">'],
    // A link whose address is refused leads nowhere: its text stays, as text.
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', 'x'],
    ['a javascript: link hidden by entities', '<a href="&#106;avascript:alert(1)">x</a>', 'x'],
    ['a javascript: link split by a tab entity', '<a href="java&Tab;script:alert(1)">x</a>', 'x'],
    ['a data: image', '<img src="data:image/png;base64,AAAA">', ''],
    ['a protocol-relative image', '<img src="//evil.example/x.png">', ''],
    ['a style and class attribute', '<p style="color:red" class="x">t</p>', '<p>t</p>'],
    ['a comment', '<p>a<!-- hidden --></p>', '<p>a</p>'],
    ['an unknown tag, keeping its text', '<span>hello <font>there</font></span>', 'hello there'],
  ])('drops %s', (_name, input, expected) => {
    expect(cleanContentHtml(input)).toBe(expected);
  });

  it('maps what editing commands produce to allowed tags', () => {
    expect(cleanContentHtml('<div>one</div><h1>big</h1><h6>small</h6>')).toBe('<p>one</p><h2>big</h2><h4>small</h4>');
  });

  it('closes what was left open, as the parser reads it, and opens nothing for an unfinished tag', () => {
    expect(cleanContentHtml('<ul><li>a<li>b</ul></p><p><strong>c')).toBe('<ul><li>a</li><li>b</li></ul><p></p><p><strong>c</strong></p>');
    // Parsers differ on what is left of `<script` at the end (nothing, or its name as text); never a tag.
    expect(cleanContentHtml('<p>a <script')).toMatch(/^<p>a [^<>]*<\/p>$/);
  });

  it('escapes attribute values so they cannot break out of their quotes', () => {
    expect(cleanContentHtml(`<a href='https://x.example/"><script>' title="a&quot;b">x</a>`)).toBe(
      '<a href="https://x.example/&quot;&gt;&lt;script&gt;" title="a&quot;b" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('keeps only numeric image sizes', () => {
    expect(cleanContentHtml('<img src="/api/media/a.jpg" width="100%" height="20">')).toBe('<img src="/api/media/a.jpg" height="20">');
  });
});

describe('allowed URLs', () => {
  it.each([
    ['https://example.com', true],
    ['HTTPS://example.com', true],
    ['http://example.com', true],
    ['mailto:a@example.com', true],
    ['/api/media/a.webp', true],
    ['#/pages/index/detail?id=1', true],
    ['javascript:alert(1)', false],
    [' jav\nascript:alert(1)', false],
    ['vbscript:x', false],
    ['data:text/html,x', false],
    ['//evil.example', false],
    ['', false],
  ])('%s: %s', (url, allowed) => {
    expect(allowedUrl(url, ORIGIN) !== null).toBe(allowed);
  });
});

describe('links the editor adds', () => {
  it.each([
    ['https://example.com/x', true],
    ['mailto:help@example.com', true],
    ['http://example.com', false],
    ['https://', false],
    ['javascript:alert(1)', false],
    ['/relative', false],
  ])('%s: %s', (url, allowed) => {
    expect(isEditorLinkAllowed(url, ORIGIN)).toBe(allowed);
  });
});

describe('pasted text and emptiness', () => {
  it('turns plain text into escaped paragraphs', () => {
    expect(textToHtml('one <b>\nline\r\n\r\ntwo & three')).toBe('<p>one &lt;b&gt;<br>line</p><p>two &amp; three</p>');
  });
  it('treats an editor holding only a line break as empty, and an image alone as content', () => {
    expect(htmlText('<p><br></p>')).toBe('');
    expect(htmlText('<p>&nbsp;</p>')).toBe('');
    expect(htmlText('<p><img src="/api/media/a.jpg"></p>')).not.toBe('');
  });
});
