import { describe, expect, it } from '@jest/globals';
import { parseDocument } from 'htmlparser2';
import { allowedUrl, sanitizeTree, type HtmlSourceNode, type SafeNode } from '@candor/contracts/content-html';

// What SafeHtml shows (sanitize.ts: DOMParser, then the shared tree sanitiser). Here htmlparser2 builds the
// tree, whose nodes have the same nodeType, tagName, attributes and childNodes the sanitiser reads.
const ORIGIN = 'https://app.example';
const clean = (html: string): SafeNode[] => sanitizeTree(parseDocument(html) as unknown as HtmlSourceNode, ORIGIN);

/** The kept tree written back as HTML, to compare whole results at a glance. */
function html(nodes: SafeNode[]): string {
  return nodes
    .map((n) => {
      if (n.kind === 'text') return n.text;
      const attrs = Object.entries(n.attrs)
        .map(([k, v]) => ` ${k}="${v}"`)
        .join('');
      return n.tag === 'br' || n.tag === 'img' ? `<${n.tag}${attrs}>` : `<${n.tag}${attrs}>${html(n.children)}</${n.tag}>`;
    })
    .join('');
}

describe('sanitizeTree', () => {
  it('keeps the allowed tags and attributes as they are', () => {
    const body = '<h2>Prices</h2><p>From the <strong>market</strong>, <em>only</em>.<br></p><ul><li>one</li></ul><blockquote>q</blockquote>';
    expect(html(clean(body))).toBe(body);
    expect(html(clean('<p><a href="/#/pages/money/money" title="t">in app</a></p>'))).toBe('<p><a href="/#/pages/money/money" title="t">in app</a></p>');
    expect(html(clean('<img src="/api/media/abc.jpg" alt="chart" width="360" height="200">'))).toBe(
      '<img src="/api/media/abc.jpg" alt="chart" width="360" height="200">',
    );
  });

  it('removes <script> and <style> with their contents', () => {
    expect(html(clean('<p>a</p><script>alert(1)</script><style>p{color:red}</style><p>b</p>'))).toBe('<p>a</p><p>b</p>');
  });

  it('removes event handlers such as onerror and onclick, and style attributes', () => {
    const out = html(clean('<img src="/api/media/x.jpg" onerror="alert(1)"><p onclick="alert(2)" style="color:red">t</p>'));
    expect(out).toBe('<img src="/api/media/x.jpg"><p>t</p>');
  });

  it('removes javascript: and data: links and sources, however they are spelled', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ])
      expect([href, html(clean(`<p><a href="${href}">x</a></p>`))]).toEqual([href, '<p>x</p>']);
    expect(clean('<img src="javascript:alert(1)">')).toEqual([]);
    expect(clean('<img src="data:image/png;base64,AAAA">')).toEqual([]);
    // Pictures only over https or from this site.
    expect(clean('<img src="http://elsewhere.example/a.jpg">')).toEqual([]);
    expect(html(clean('<img src="https://elsewhere.example/a.jpg">'))).toBe('<img src="https://elsewhere.example/a.jpg">');
  });

  it('removes iframes, objects, forms and SVG with their contents', () => {
    const out = html(clean('<iframe src="https://evil.example"></iframe><object data="x"></object><form><input></form><svg><script>1</script></svg><p>ok</p>'));
    expect(out).toBe('<p>ok</p>');
  });

  it('unwraps other tags, keeping their allowed content, and drops comments', () => {
    expect(html(clean('<div class="x"><span>a</span> <b>b</b></div><!-- note --><table><tr><td>c</td></tr></table>'))).toBe('a <b>b</b>c');
  });

  it('opens links to other origins in a new tab without opener or referrer; leaves own links and mail alone', () => {
    expect(html(clean('<a href="https://elsewhere.example/x">e</a>'))).toBe(
      '<a href="https://elsewhere.example/x" rel="noopener noreferrer" target="_blank">e</a>',
    );
    expect(html(clean('<a href="//elsewhere.example/x">e</a>'))).toBe('e');
    expect(html(clean('<a href="/\\elsewhere.example/x">e</a>'))).toBe('e');
    expect(html(clean(`<a href="${ORIGIN}/#/x" target="_self" rel="opener">own</a>`))).toBe(`<a href="${ORIGIN}/#/x">own</a>`);
    expect(html(clean('<a href="mailto:help@example.com">mail</a>'))).toBe('<a href="mailto:help@example.com">mail</a>');
  });

  it('keeps only numeric sizes on pictures, and text as text', () => {
    expect(html(clean('<img src="/a.jpg" width="100%" height="50">'))).toBe('<img src="/a.jpg" height="50">');
    const [text] = clean('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).toEqual({ kind: 'text', text: '<script>alert(1)</script>' });
  });

  it('stops at a nesting depth no article needs', () => {
    const deep = '<blockquote>'.repeat(200) + 'x' + '</blockquote>'.repeat(200);
    let depth = 0;
    for (let nodes = clean(deep); nodes.length > 0; depth++) nodes = nodes[0]!.kind === 'element' ? nodes[0]!.children : [];
    expect(depth).toBeLessThan(60);
  });
});

describe('allowedUrl', () => {
  it('takes http, https, mailto and paths on this site, and nothing else', () => {
    expect(allowedUrl('https://x.example', ORIGIN)?.protocol).toBe('https:');
    expect(allowedUrl('/api/media/a.jpg', ORIGIN)?.origin).toBe(ORIGIN);
    expect(allowedUrl('mailto:a@b.c', ORIGIN)?.protocol).toBe('mailto:');
    expect(allowedUrl('ftp://x.example', ORIGIN)).toBeNull();
    expect(allowedUrl('javascript:alert(1)', ORIGIN)).toBeNull();
  });
});
