import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { stripText, TextField } from './TextField';

function Controlled(props: { digitsOnly?: boolean; strip?: RegExp }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label>
        Field
        <TextField {...props} value={value} onValueChange={setValue} />
      </label>
      <output>{value}</output>
    </>
  );
}

describe('TextField', () => {
  it('strips everything but digits when asked to', () => {
    expect(stripText('12a-3 4.5e', { digitsOnly: true })).toBe('12345');
    expect(stripText('abc', {})).toBe('abc');
  });

  it('strips every character matching a pattern, with or without the g flag', () => {
    expect(stripText('+44 (0)161 496-0000 ext.', { strip: /[^\d\s()+-]/ })).toBe('+44 (0)161 496-0000 ');
    expect(stripText('a1b2', { strip: /[a-z]/gi })).toBe('12');
    expect(stripText('AB-12', { strip: /[a-z]/i, digitsOnly: true })).toBe('12');
  });

  it('a digits-only field keeps only the digits typed or pasted, and offers the numeric keypad', async () => {
    render(<Controlled digitsOnly />);
    const input = screen.getByLabelText('Field');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '4a2-4 2');
    expect(input).toHaveValue('4242');
    expect(screen.getByRole('status')).toHaveTextContent(/^4242$/);
    await userEvent.paste('x99');
    expect(input).toHaveValue('424299');
  });

  it('a field with a pattern drops what matches and keeps the caret after the character it followed', async () => {
    render(<Controlled strip={/[^\d\s()+-]/} />);
    const input = screen.getByLabelText('Field') as HTMLInputElement;
    await userEvent.type(input, '0161 496x 0000');
    expect(input).toHaveValue('0161 496 0000');
    // A character typed in the middle and stripped leaves the caret where it was.
    input.setSelectionRange(4, 4);
    await userEvent.type(input, 'q', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(input).toHaveValue('0161 496 0000');
    expect(input.selectionStart).toBe(4);
  });

  it("hands the cleaned text to a form's own onChange (react-hook-form's register reads event.target.value)", async () => {
    const seen: string[] = [];
    render(
      <label>
        Field
        <TextField digitsOnly defaultValue="" onChange={(e) => seen.push(e.target.value)} />
      </label>,
    );
    await userEvent.type(screen.getByLabelText('Field'), '1x');
    expect(seen).toEqual(['1', '1']);
    expect(screen.getByLabelText('Field')).toHaveValue('1');
  });
});
