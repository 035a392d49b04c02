import { plainText } from './html';

describe('plainText (a rich-text short description on a product card)', () => {
  it('drops tags and decodes entities, whitespace collapsed', () => {
    expect(plainText('<p>Seals <strong>basements</strong>&nbsp;&amp; cellars.</p>\n<p>20&#8201;m&#xB2;</p>')).toBe('Seals basements & cellars. 20 m²');
  });
  it('keeps text that only looks like markup as text (React escapes it)', () => {
    expect(plainText('&lt;script&gt;x&lt;/script&gt;')).toBe('<script>x</script>');
    expect(plainText(null)).toBe('');
  });
});
