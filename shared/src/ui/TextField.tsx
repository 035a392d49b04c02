import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'pattern'>;

export interface TextFieldProps extends InputProps {
  ref?: Ref<HTMLInputElement>;
  /** Everything but the digits 0-9 is removed as the shopper types or pastes. */
  digitsOnly?: boolean | undefined;
  /**
   * Characters matching this pattern are removed as the shopper types or pastes (for example
   * /[^\d\s()+-]/ for a phone number). Applied to every match whatever the pattern's flags.
   */
  strip?: RegExp | undefined;
  /** The field's text after stripping (and the event's target holds the same text). */
  onValueChange?: ((value: string) => void) | undefined;
}

/**
 * What a phone number field strips: anything but digits, spaces, hyphens, brackets and the plus
 * (spec section 5: an optional plus then 7 to 20 digits, spaces, hyphens or brackets).
 */
export const PHONE_STRIP = /[^\d ()+-]/;

/** The text with what the field does not accept removed. */
export function stripText(value: string, { digitsOnly, strip }: Pick<TextFieldProps, 'digitsOnly' | 'strip'>): string {
  let text = value;
  if (strip) text = text.replace(new RegExp(strip.source, strip.flags.includes('g') ? strip.flags : `${strip.flags}g`), '');
  if (digitsOnly) text = text.replace(/\D/g, '');
  return text;
}

/**
 * The shop's shared text field (spec section 4: a text field can strip non-digits or characters
 * matching a pattern): a native input whose text is cleaned on every change, before the form
 * sees it, so a form's `onChange` (react-hook-form's `register` included) or `onValueChange`
 * always gets the cleaned text. The caret stays after the character it followed. Digits-only
 * fields get the numeric keypad on phones unless `inputMode` says otherwise.
 */
export function TextField({ digitsOnly = false, strip, onChange, onValueChange, ref, type = 'text', inputMode, ...input }: TextFieldProps) {
  const clean = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.target;
    const typed = el.value;
    const text = stripText(typed, { digitsOnly, strip });
    if (text !== typed) {
      // Keep the caret where it was, less what was removed before it.
      const caret = el.selectionStart;
      const before = caret === null ? null : stripText(typed.slice(0, caret), { digitsOnly, strip }).length;
      el.value = text;
      if (before !== null && el === el.ownerDocument.activeElement) {
        try {
          el.setSelectionRange(before, before);
        } catch {
          // Types without a caret (email) keep the browser's.
        }
      }
    }
    onChange?.(e);
    onValueChange?.(text);
  };
  return <input {...input} ref={ref} type={type} inputMode={inputMode ?? (digitsOnly ? 'numeric' : undefined)} onChange={clean} />;
}
