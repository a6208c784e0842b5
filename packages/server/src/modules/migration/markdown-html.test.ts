import { describe, expect, it } from 'vitest';
import { markdownLineToHtml, markdownToHtml } from './markdown-html.js';

describe('markdownToHtml', () => {
  it('keeps paragraphs, marks and line breaks', () => {
    expect(markdownToHtml('Buy from *Thompson*\nand **compare**\n\nThen order.')).toBe(
      '<p>Buy from <em>Thompson</em><br>and <strong>compare</strong></p>\n<p>Then order.</p>',
    );
    expect(markdownToHtml('  \n ')).toBe('');
  });

  it('makes task lists the editor checklist, keeping what was ticked', () => {
    expect(markdownToHtml('- [x] posts\n- [ ] *paint*')).toBe(
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>posts</p></li>' +
        '<li data-type="taskItem" data-checked="false"><p><em>paint</em></p></li></ul>',
    );
    // An item without a box in such a list is an open one; its neighbours keep their ticks.
    expect(markdownToHtml('- plain\n- [x] ticked')).toBe(
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>plain</p></li>' +
        '<li data-type="taskItem" data-checked="true"><p>ticked</p></li></ul>',
    );
    expect(markdownToHtml('- one\n- two')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
  });
});

describe('markdownLineToHtml', () => {
  it('gives inline marks without a paragraph, and escapes what is not markup', () => {
    expect(markdownLineToHtml(' Dig **holes** & rake ')).toBe('Dig <strong>holes</strong> &amp; rake');
  });
});
