import { markdownToHtml } from './markdown-to-html';

describe('markdownToHtml', () => {
  describe('plain text', () => {
    it('turns bold, italic and code markers into markup', () => {
      expect(markdownToHtml('Use **bold**, *italic* and `npm start`.')).toBe(
        '<p>Use <strong>bold</strong>, <em>italic</em> and <code>npm start</code>.</p>',
      );
    });

    it('allows italic inside bold', () => {
      expect(markdownToHtml('**very *nice* video**')).toBe('<p><strong>very <em>nice</em> video</strong></p>');
    });

    it('leaves lone asterisks alone', () => {
      expect(markdownToHtml('2 * 3 * 4')).toBe('<p>2 * 3 * 4</p>');
    });

    it('keeps markers inside code as written', () => {
      expect(markdownToHtml('`a **b** c`')).toBe('<p><code>a **b** c</code></p>');
    });

    it('makes headings below the page title from # at the start of a line', () => {
      expect(markdownToHtml('# Getting started\n## Step one\n###### Deep\nText # not a heading')).toBe(
        '<h2>Getting started</h2>\n<h3>Step one</h3>\n<h6>Deep</h6>\n<p>Text # not a heading</p>',
      );
    });

    it('needs a space after the hashes for a heading', () => {
      expect(markdownToHtml('#hashtag')).toBe('<p>#hashtag</p>');
    });

    it('separates paragraphs at blank lines and keeps single line breaks', () => {
      expect(markdownToHtml('first line\nsecond line\n\nnext paragraph')).toBe(
        '<p>first line<br>second line</p>\n<p>next paragraph</p>',
      );
    });

    it('links [text](https://…) and keeps markers inside the address', () => {
      expect(markdownToHtml('See [the *docs*](https://example.com/a_*b*_c?x=1&y=2).')).toBe(
        '<p>See <a href="https://example.com/a_*b*_c?x=1&amp;y=2" rel="noopener noreferrer">the <em>docs</em></a>.</p>',
      );
    });

    it('does not link other protocols', () => {
      const html = markdownToHtml('[click](javascript:alert(1))');
      expect(html).not.toContain('<a');
      expect(html).toBe('<p>[click](javascript:alert(1))</p>');
    });

    it('escapes characters that could start markup, and keeps entities the server already encoded', () => {
      expect(markdownToHtml('2 < 3 & 5 > 4, Tom &amp; Jerry &#169; "quoted"')).toBe(
        '<p>2 &lt; 3 &amp; 5 &gt; 4, Tom &amp; Jerry &#169; &quot;quoted&quot;</p>',
      );
    });

    it('never lets an unfinished tag through', () => {
      expect(markdownToHtml('a <img src=x onerror=alert(1)')).toBe('<p>a &lt;img src=x onerror=alert(1)</p>');
    });

    it('cannot break out of a link address', () => {
      const html = markdownToHtml('[x](https://a.com/"onmouseover="alert(1))');
      expect(html).not.toMatch(/<a [^>]*onmouseover/);
    });

    it('gives nothing for empty content', () => {
      expect(markdownToHtml('   \n\n')).toBe('');
    });
  });

  describe('editor HTML', () => {
    it('keeps the markup and marks up the text between tags', () => {
      expect(markdownToHtml('<p>Make it <u>**pop**</u> with *style*</p>')).toBe(
        '<p>Make it <u><strong>pop</strong></u> with <em>style</em></p>',
      );
    });

    it('leaves code, pre and links untouched', () => {
      const html =
        '<p><code>**a**</code></p><pre><code class="x">*b*</code></pre><p><a href="https://x.com/*c*">*d*</a> *e*</p>';
      expect(markdownToHtml(html)).toBe(
        '<p><code>**a**</code></p><pre><code class="x">*b*</code></pre><p><a href="https://x.com/*c*">*d*</a> <em>e</em></p>',
      );
    });

    it('keeps HTML that does not start with a block, such as a leading image or bold text', () => {
      expect(markdownToHtml('<img src="https://cdn.example.com/a.png" alt="A *b*"> then **bold**')).toBe(
        '<img src="https://cdn.example.com/a.png" alt="A *b*"> then <strong>bold</strong>',
      );
      expect(markdownToHtml('<strong>Note:</strong> use `code`')).toBe('<strong>Note:</strong> use <code>code</code>');
    });

    it('leaves keyboard keys, samples and embedded code alone', () => {
      expect(markdownToHtml('<p>Press <kbd>*</kbd> then <kbd>*</kbd></p><style>a{}</style>')).toBe(
        '<p>Press <kbd>*</kbd> then <kbd>*</kbd></p><style>a{}</style>',
      );
    });

    it('keeps CKEditor figures, tables and captions intact', () => {
      const html =
        '<figure class="image"><img src="/u/a.png" alt="x"><figcaption>A **cat**</figcaption></figure>' +
        '<figure class="table"><table><tbody><tr><td>*one*</td></tr></tbody></table></figure>';
      expect(markdownToHtml(html)).toBe(
        '<figure class="image"><img src="/u/a.png" alt="x"><figcaption>A <strong>cat</strong></figcaption></figure>' +
          '<figure class="table"><table><tbody><tr><td><em>one</em></td></tr></tbody></table></figure>',
      );
    });

    it('does not treat a leading hash in a paragraph as a heading', () => {
      expect(markdownToHtml('<h2>Title</h2><p># not a heading</p>')).toBe('<h2>Title</h2><p># not a heading</p>');
    });
  });
});
