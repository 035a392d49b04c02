import { useEffect, useState, type InputHTMLAttributes, type Ref } from 'react';
import { findRegion, regionByName, regionGroups } from '../forms/countries';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'list' | 'type'>;

/**
 * The county field of an address form: the shopper starts typing and the browser offers the
 * matching counties of the country (a native input with a datalist: filtered as they type, on
 * phones too). The form keeps the region id: `onChange` gets the id as text when the words name a
 * county, '' when empty, else the words themselves (which the address rules refuse with 'Please
 * choose a County/State/Province from the list').
 */
export function RegionInput({
  id,
  countryId,
  value,
  onChange,
  ref,
  ...input
}: InputProps & {
  ref?: Ref<HTMLInputElement>;
  id: string;
  countryId: string;
  /** The form's region value: an id as text, '' or words that named no county. */
  value: string;
  onChange: (value: string) => void;
}) {
  const nameOf = (v: string) => findRegion(countryId, /^\d+$/.test(v) ? Number(v) : null)?.name ?? v;
  const [text, setText] = useState(() => nameOf(value));

  // The form set another region (a saved address, a reset): show its name.
  useEffect(() => {
    const match = regionByName(countryId, text);
    const current = match ? String(match.id) : text.trim();
    if (current !== value) setText(nameOf(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, countryId]);

  const listId = `${id}-list`;
  return (
    <>
      <input
        {...input}
        ref={ref}
        id={id}
        type="text"
        list={listId}
        autoCorrect="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const match = regionByName(countryId, e.target.value);
          onChange(match ? String(match.id) : e.target.value.trim());
        }}
        onBlur={(e) => {
          // Show the county's own spelling once it is recognised ('devon' becomes 'Devon').
          const match = regionByName(countryId, text);
          if (match && match.name !== text) setText(match.name);
          input.onBlur?.(e);
        }}
      />
      <datalist id={listId}>
        {regionGroups(countryId).flatMap((group) =>
          group.regions.map((r) => (
            <option key={r.id} value={r.name}>
              {group.nation ?? ''}
            </option>
          )),
        )}
      </datalist>
    </>
  );
}
