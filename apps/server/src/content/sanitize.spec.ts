import { describe, expect, it } from '@jest/globals';
import { sanitizeContentHtml } from './sanitize.js';

const MEDIA = `/api/media/${'a'.repeat(64)}.jpg`;

describe('sanitizeContentHtml', () => {
  it.each([
    ['a script with its text', '<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['a style with its text', '<style>p{color:red}</style><p>ok</p>', '<p>ok</p>'],
    ['an event handler', '<p onclick="x()">ok</p><img src="https://e.com/a.png" onerror="alert(1)">', '<p>ok</p><img src="https://e.com/a.png" />'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['a data: image', '<img src="data:image/png;base64,AAAA">', ''],
    ['an http image', '<img src="http://e.com/a.png">', ''],
    ['an image of another path of ours', '<img src="/api/kyc/images/front">', ''],
    ['an iframe', '<iframe src="https://e.com"></iframe><p>ok</p>', '<p>ok</p>'],
    ['a style attribute and a class', '<p style="color:red" class="x">ok</p>', '<p>ok</p>'],
    ['an unknown tag keeps its text', '<div><span>text</span></div>', 'text'],
    ['a rel and target from the input', '<a href="/#/pages/about" target="_self" rel="opener">a</a>', '<a href="/#/pages/about">a</a>'],
  ])('drops %s', (_name, input, output) => expect(sanitizeContentHtml(input)).toBe(output));

  it.each([
    [
      'headings, lists, emphasis and quotes',
      '<h2>a</h2><h3>b</h3><h4>c</h4><ul><li><strong>d</strong></li></ul><ol><li><em>e</em></li></ol><blockquote><b>f</b><i>g</i></blockquote>',
    ],
    ['a line break', '<p>a<br />b</p>'],
    ['an image of our media with a width', `<img src="${MEDIA}?w=720" alt="x" width="720" height="360" />`],
    ['an https image', '<img src="https://example.com/a.jpg" alt="y" />'],
    ['a mailto link', '<a href="mailto:help@example.com">mail</a>'],
    ['an in-app link, without a new tab', '<a href="/#/pages/aboutUs/aboutUs" title="About">about</a>'],
  ])('keeps %s', (_name, html) => expect(sanitizeContentHtml(html)).toBe(html));

  it('opens a link to another origin in a new tab, without the opener or the referrer', () => {
    expect(sanitizeContentHtml('<a href="https://example.com/x">x</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeContentHtml('<a href=" https:example.com">x</a>')).toContain('rel="noopener noreferrer" target="_blank"');
    expect(sanitizeContentHtml('<a href="HTTP://example.com/x">x</a>')).toBe('<a href="HTTP://example.com/x" rel="noopener noreferrer" target="_blank">x</a>');
  });

  it('refuses a protocol-relative link (another origin without a scheme)', () => {
    expect(sanitizeContentHtml('<a href="//example.com/x">x</a>')).toBe('<a>x</a>');
    expect(sanitizeContentHtml('<a href="/\\example.com/x">x</a>')).toBe('<a>x</a>');
  });
});
