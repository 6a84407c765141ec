import { describe, expect, it } from '@jest/globals';
import { parseDocument } from 'htmlparser2';
import { CONTENT_HTML as FROM_PACKAGE } from './index.js';
import { allowedUrl, CONTENT_HTML, safeNodesToHtml, sanitizeTree, type ContentTag, type HtmlSourceNode, type SafeNode } from './content-html.js';

// The apps parse with DOMParser; htmlparser2 (sanitize-html's parser) builds nodes with the same nodeType,
// tagName, attributes and childNodes, so the shared sanitiser is tested here without a DOM.
const ORIGIN = 'https://app.example';
const parse = (html: string) => parseDocument(html) as unknown as HtmlSourceNode;
const EDITOR: Record<string, ContentTag> = { div: 'p', h1: 'h2', h5: 'h4', h6: 'h4' };
const clean = (html: string, rename?: Record<string, ContentTag>) => safeNodesToHtml(sanitizeTree(parse(html), ORIGIN, { rename }));

describe('the allow-list', () => {
  it('is the one the package (and so the server) exports', () => {
    expect(FROM_PACKAGE).toBe(CONTENT_HTML);
  });

  it('keeps every allowed tag and attribute as it is', () => {
    const html =
      '<h2>a</h2><h3>b</h3><h4>c</h4><p>d<br><strong>e</strong><b>f</b><em>g</em><i>h</i></p><ul><li>i</li></ul><ol><li>j</li></ol>' +
      '<blockquote>k</blockquote><p><a href="/#/pages/money/money" title="t">l</a> <a href="mailto:help@example.com">m</a></p>' +
      '<img src="/api/media/abc.jpg" alt="n" width="360" height="200">';
    expect(clean(html)).toBe(html);
  });
});

describe('sanitizeTree', () => {
  it('drops script, style and their like with their contents', () => {
    expect(clean('<p>a</p><script>alert(1)</script><style>p{color:red}</style><xmp><b>x</b></xmp><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(clean('<iframe src="https://evil.example"></iframe><form><input><button>go</button></form><svg><script>1</script></svg>ok')).toBe('ok');
  });

  it('drops event handlers, style and class attributes', () => {
    expect(clean('<img src="/api/media/x.jpg" onerror="alert(1)"><p onclick="alert(2)" style="color:red" class="c">t</p>')).toBe(
      '<img src="/api/media/x.jpg"><p>t</p>',
    );
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\nscript:alert(1)',
    'java&Tab;script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    ' \u0001javascript:alert(1)',
    'vbscript:x',
    'data:text/html,x',
    '//evil.example/x',
    '/\\evil.example/x',
    ' \t//evil.example/x',
    '',
  ])('keeps only the text of a link to %j', (href) => {
    expect(clean(`<p><a href="${href}">x</a></p>`)).toBe('<p>x</p>');
  });

  it('keeps a value only as the browser reads it, so no trimming turns a path into a scheme', () => {
    const [p] = sanitizeTree(parse('<p><a href="&nbsp;javascript:alert(1)">x</a></p>'), ORIGIN);
    const a = p?.kind === 'element' ? p.children[0] : undefined;
    const href = a?.kind === 'element' ? a.attrs.href : undefined;
    expect(href).toBe('\u00a0javascript:alert(1)');
    expect(new URL(href!, `${ORIGIN}/`).protocol).toBe('https:');
  });

  it('keeps pictures from this site or over https only', () => {
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(clean('<img src="javascript:alert(1)">')).toBe('');
    expect(clean('<img src="//evil.example/x.png">')).toBe('');
    expect(clean('<img src="http://elsewhere.example/a.jpg">')).toBe('');
    expect(clean('<img src="https://elsewhere.example/a.jpg">')).toBe('<img src="https://elsewhere.example/a.jpg">');
    expect(clean('<img src="/api/media/a.jpg" width="100%" height="50">')).toBe('<img src="/api/media/a.jpg" height="50">');
  });

  it('unwraps nested unknown tags, keeping their allowed content, and drops comments', () => {
    expect(clean('<div><span><font>a <b>b</b></font></span><!-- c --></div><table><tr><td><custom-x>d</custom-x></td></tr></table>')).toBe('a <b>b</b>d');
  });

  it('marks links to other sites, never taking rel or target from the input', () => {
    expect(clean('<a href="https://elsewhere.example/x" title="t" rel="opener" target="_self">e</a>')).toBe(
      '<a href="https://elsewhere.example/x" title="t" rel="noopener noreferrer" target="_blank">e</a>',
    );
    expect(clean(`<a href="${ORIGIN}/#/x" target="_self">own</a><a href="mailto:a@b.c">mail</a>`)).toBe(
      `<a href="${ORIGIN}/#/x">own</a><a href="mailto:a@b.c">mail</a>`,
    );
  });

  it('reads tags through the rename map before the allow-list', () => {
    expect(clean('<div>one</div><h1>big</h1><h5>five</h5><h6 onclick="x">six</h6>', EDITOR)).toBe('<p>one</p><h2>big</h2><h4>five</h4><h4>six</h4>');
    // Without the map, the same tags are unwrapped.
    expect(clean('<div>one</div><h1>big</h1>')).toBe('onebig');
    // A name mapped to an allowed tag still loses what that tag may not hold.
    expect(clean('<script>alert(1)</script>', { script: 'p' })).toBe('');
  });

  it('stops at a nesting depth no article needs', () => {
    const deep = '<blockquote>'.repeat(200) + 'x' + '</blockquote>'.repeat(200);
    let depth = 0;
    for (let nodes = sanitizeTree(parse(deep), ORIGIN); nodes.length > 0; depth++) nodes = nodes[0]!.kind === 'element' ? nodes[0]!.children : [];
    expect(depth).toBeGreaterThan(10);
    expect(depth).toBeLessThan(60);
  });
});

describe('safeNodesToHtml', () => {
  it('escapes text and attribute values', () => {
    expect(clean('&lt;script&gt;alert(1)&lt;/script&gt; &amp;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp;');
    expect(clean(`<a href='https://x.example/"><script>' title="a&quot;b&amp;c">x</a>`)).toBe(
      '<a href="https://x.example/&quot;&gt;&lt;script&gt;" title="a&quot;b&amp;c" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('writes only allowed tags and attributes, whoever built the nodes', () => {
    const nodes = [
      { kind: 'element', tag: 'script', attrs: {}, children: [{ kind: 'text', text: 'alert(1)' }] },
      { kind: 'element', tag: 'p', attrs: { onclick: 'x', title: 'y' }, children: [] },
      { kind: 'element', tag: 'br', attrs: {}, children: [{ kind: 'text', text: 'lost' }] },
    ] as unknown as SafeNode[];
    expect(safeNodesToHtml(nodes)).toBe('alert(1)<p></p><br>');
  });
});

describe('allowedUrl', () => {
  it.each([
    ['https://x.example', true],
    ['HTTP://x.example', true],
    ['mailto:a@b.c', true],
    ['/api/media/a.jpg', true],
    ['#/pages/index/detail?id=1', true],
    ['ftp://x.example', false],
    ['javascript:alert(1)', false],
    [' jav\nascript:alert(1)', false],
    ['//x.example', false],
    ['  ', false],
  ])('%j: %s', (url, allowed) => {
    expect(allowedUrl(url, ORIGIN) !== null).toBe(allowed);
  });
});
