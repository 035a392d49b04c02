import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml (DOMPurify)', () => {
  it('drops scripts, event handlers and unsafe links but keeps text markup', () => {
    const clean = sanitizeHtml(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">x</a> <a href="https://example.com">y</a></p><script>alert(1)</script><img src=x onerror="alert(1)">',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(clean).toContain('<p>Hi <a>x</a> <a href="https://example.com" rel="noopener noreferrer">y</a></p>');
  });

  it('drops frames, forms, styles and inline style attributes', () => {
    const clean = sanitizeHtml(
      '<h2 style="color:red">Fitting</h2><iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><style>body{}</style><svg><script>1</script></svg>',
    );
    expect(clean).toBe('<h2>Fitting</h2>');
  });

  it('keeps site links, images, lists and tables as written', () => {
    const html = '<ul><li><a href="/advice/x">Read</a></li></ul><img src="/media/a.svg" alt="A"><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
    expect(sanitizeHtml(null)).toBe('');
  });
});
