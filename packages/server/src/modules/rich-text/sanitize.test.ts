import { describe, expect, it } from 'vitest';
import { EDITOR_DOCUMENT, HOSTILE_DOCUMENT, HOSTILE_DOCUMENT_CLEANED } from './sample-documents.js';
import { sanitizeRichText } from './sanitize.js';

describe('sanitizeRichText', () => {
  it('keeps a document written by the editor byte for byte', () => {
    expect(sanitizeRichText(EDITOR_DOCUMENT)).toBe(EDITOR_DOCUMENT);
  });

  it('drops scripts, handlers and unsafe URLs from a hostile document, keeping its formatting', () => {
    expect(sanitizeRichText(HOSTILE_DOCUMENT)).toBe(HOSTILE_DOCUMENT_CLEANED);
  });

  it('is idempotent', () => {
    expect(sanitizeRichText(HOSTILE_DOCUMENT_CLEANED)).toBe(HOSTILE_DOCUMENT_CLEANED);
  });

  it('gives empty text for nothing', () => {
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
    expect(sanitizeRichText('')).toBe('');
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<SCRIPT SRC="https://evil.test/x.js"></SCRIPT><p>x</p>', '<p>x</p>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<p onclick="alert(1)" onmouseover=alert(1)>x</p>', '<p>x</p>'],
    [
      '<img src="/api/v1/tasks/1/attachments/2" onerror="alert(1)">',
      '<img src="/api/v1/tasks/1/attachments/2">',
    ],
    ['<iframe src="https://evil.test"></iframe><p>x</p>', '<p>x</p>'],
    ['<object data="x"></object><embed src="x"><p>x</p>', '<p>x</p>'],
    ['<form action="https://evil.test"><input type="password" name="p"><button>Go</button></form>', 'Go'],
    ['<svg onload="alert(1)"><a xlink:href="javascript:alert(1)">s</a></svg>', '<a>s</a>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    [
      '<table style="width: 10px; background: url(x)"><tbody><tr><td>x</td></tr></tbody></table>',
      '<table><tbody><tr><td>x</td></tr></tbody></table>',
    ],
    ['<a href="https://ok.test" target="_top">x</a>', '<a href="https://ok.test">x</a>'],
    [
      '<table><tbody><tr><td style="background-color: expression(alert(1))">x</td><td style="background-color: red; position: fixed">y</td></tr></tbody></table>',
      '<table><tbody><tr><td>x</td><td>y</td></tr></tbody></table>',
    ],
    [
      '<blockquote data-comment-id="1" cite="javascript:alert(1)">q</blockquote>',
      '<blockquote data-comment-id="1">q</blockquote>',
    ],
    ['<li data-task-id="a" id="x" name="y">i</li>', '<li data-task-id="a">i</li>'],
    [
      '<span class="evil mention" data-type="mention" style="x">@a</span>',
      '<span class="mention" data-type="mention">@a</span>',
    ],
    ['<!-- <img src=x onerror=alert(1)> --><p>x</p>', '<p>x</p>'],
    ['<p>1 &lt; 2 &amp;&amp; "a" &gt; b</p>', '<p>1 &lt; 2 &amp;&amp; "a" &gt; b</p>'],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ])('cleans %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });

  const unsafeUrls = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'jav&#x61;script:alert(1)',
    'jav&#97;script:alert(1)',
    '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
    'javascript&colon;alert(1)',
    'java&Tab;script:alert(1)',
    'java&NewLine;script:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/png;base64,iVBORw0KGgo=',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
    'd&#97;ta:image/png;base64,iVBORw0KGgo=',
    '//evil.test/x',
    '\\\\evil.test/x',
    'file:///etc/passwd',
  ];

  it.each(unsafeUrls)('drops the link %j', (url) => {
    const out = sanitizeRichText(`<p><a href="${url}">x</a></p>`);
    expect(out).toBe('<p><a>x</a></p>');
  });

  it.each(unsafeUrls)('drops the image %j', (url) => {
    expect(sanitizeRichText(`<p><img src="${url}" alt="i"></p>`)).toBe('<p><img alt="i"></p>');
  });

  it.each(unsafeUrls)('drops the image data-src %j', (url) => {
    expect(sanitizeRichText(`<p><img src="#" data-src="${url}"></p>`)).toBe('<p><img src="#"></p>');
  });

  it.each([
    '<a href="https://example.com/a?b=1&amp;c=2">x</a>',
    '<a href="http://example.com">x</a>',
    '<a href="mailto:someone@example.com">x</a>',
    '<a href="/projects/3">x</a>',
    '<a href="#heading">x</a>',
    '<a href="relative/page">x</a>',
    '<img src="/api/v1/tasks/12/attachments/7">',
    '<img src="https://ordo.example.com/api/v1/tasks/12/attachments/7">',
  ])('keeps %s', (html) => {
    expect(sanitizeRichText(`<p>${html}</p>`)).toBe(`<p>${html}</p>`);
  });

  it('keeps an image link to mail out of an image', () => {
    expect(sanitizeRichText('<img src="mailto:a@b.test">')).toBe('<img>');
  });

  it('keeps only checkboxes of the inputs', () => {
    expect(sanitizeRichText('<input type="checkbox" checked="checked"><input type="text"><input>')).toBe(
      '<input type="checkbox" checked="checked">',
    );
  });
});
