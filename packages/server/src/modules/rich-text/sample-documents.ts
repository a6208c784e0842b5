/**
 * Documents the policy's tests (unit and API) share. EDITOR_DOCUMENT is what the editors write,
 * markup for markup: the web app's tiptap (starter kit, nested task lists, links) and Vikunja's
 * (attachment images, tables with column widths and cell colours, ids of checklist items and
 * quoted comments, highlights, mentions). It must come back
 * from every write path byte for byte.
 */
export const EDITOR_DOCUMENT = [
  '<h2>Release plan</h2>',
  '<p>Text with <strong>bold</strong>, <em>italic</em>, <s>struck</s>, <u>underlined</u>, <code>inline code</code>, ',
  '<mark>highlighted</mark>, a&nbsp;no-break space, 1 &lt; 2 &amp;&amp; 3 &gt; 2 and "quotes".<br>Second line.</p>',
  '<h3>Links</h3>',
  '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">a link</a>, ',
  '<a target="_blank" rel="noopener noreferrer nofollow" href="mailto:team@example.com">mail</a> and ',
  '<a href="/projects/3/1">a page of the app</a>.</p>',
  '<blockquote><p>Quoted</p></blockquote>',
  '<blockquote data-comment-id="12"><p>Quoting a comment</p></blockquote>',
  '<pre><code class="language-ts">const a = 1 &lt; 2;\nconsole.log(a);</code></pre>',
  '<pre><code>plain block</code></pre>',
  '<ul><li><p>bullet</p><ul><li><p>nested</p></li></ul></li></ul>',
  '<ol start="3"><li><p>third</p></li><li><p>fourth</p></li></ol>',
  '<ul data-type="taskList">',
  '<li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked"><span></span></label>',
  '<div><p>done</p></div></li>',
  '<li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label>',
  '<div><p>to do</p><ul data-type="taskList"><li data-checked="false" data-type="taskItem"><label>',
  '<input type="checkbox"><span></span></label><div><p>sub-step</p></div></li></ul></div></li>',
  '<li data-checked="false" data-type="taskItem" data-task-id="x7Gk2pQa"><label><input type="checkbox"><span></span></label>',
  '<div><p>with an id</p></div></li>',
  '</ul>',
  '<hr>',
  '<p><img src="/api/v1/tasks/12/attachments/7" alt="screenshot.png" title="Screenshot"></p>',
  '<p><img data-src="https://ordo.example.com/api/v1/tasks/12/attachments/8" src="#" alt="photo.jpg"></p>',
  '<table style="min-width: 75px"><colgroup><col style="width: 120px"><col style="min-width: 25px"></colgroup>',
  '<tbody><tr><th colspan="1" rowspan="1"><p>Head</p></th><th colspan="1" rowspan="1"><p>Er</p></th></tr>',
  '<tr><td colspan="1" rowspan="1" colwidth="120"><p>cell</p></td>',
  '<td colspan="1" rowspan="1" data-background-color="#ffe8cc" style="background-color: #ffe8cc"><p>cell</p></td></tr>',
  '</tbody></table>',
  '<p>Ping <span data-type="mention" data-id="alice" class="mention">@alice</span></p>',
].join('');

/** Every kind of attack the policy removes, around formatting it keeps. */
export const HOSTILE_DOCUMENT = [
  '<p onclick="alert(1)">Hi <strong onmouseover="alert(2)">there</strong><script>alert(3)</script></p>',
  '<img src="x" onerror="alert(4)">',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="pixel">',
  '<img src="#" data-src="javascript:alert(11)" id="clobber">',
  '<table><tbody><tr><td style="background-image: url(https://evil.example/x)">c</td></tr></tbody></table>',
  '<p><a href="javascript:alert(5)">js</a> <a href="jav&#x61;script:alert(6)">entity</a> ',
  '<a href="JAVA\tSCRIPT:alert(7)">spaced</a> <a href="data:text/html,&lt;script&gt;alert(8)&lt;/script&gt;">data</a> ',
  '<a href="vbscript:msgbox(9)">vb</a> <a href="https://example.com">fine</a></p>',
  '<iframe src="https://evil.example"></iframe><style>p{color:red}</style>',
  '<ul data-type="taskList"><li data-checked="true" data-type="taskItem" data-evil="1"><label>',
  '<input type="checkbox" checked="checked" onchange="alert(10)"><span></span></label><div><p>item</p></div></li></ul>',
].join('');

export const HOSTILE_DOCUMENT_CLEANED = [
  '<p>Hi <strong>there</strong></p>',
  '<img src="x">',
  '<img alt="pixel">',
  '<img src="#">',
  '<table><tbody><tr><td>c</td></tr></tbody></table>',
  '<p><a>js</a> <a>entity</a> ',
  '<a>spaced</a> <a>data</a> ',
  '<a>vb</a> <a href="https://example.com">fine</a></p>',
  '<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label>',
  '<input type="checkbox" checked="checked"><span></span></label><div><p>item</p></div></li></ul>',
].join('');
