import { formatGBP, type CustomOption } from '@shop/shared';
import type { CustomChoices } from './buying';
import styles from './BuyBox.module.css';

/** One custom option of the buy box: a select, a text field, or a group of radios or checkboxes. */
export function CustomOptionField({
  option,
  idPrefix,
  value,
  error,
  onChange,
  inputRef,
}: {
  option: CustomOption;
  idPrefix: string;
  value: CustomChoices[number];
  error: string | undefined;
  onChange: (value: CustomChoices[number]) => void;
  inputRef: (el: HTMLElement | null) => void;
}) {
  const fieldId = `${idPrefix}-opt-${option.option_id}`;
  const errorId = `${fieldId}-error`;
  const values = [...option.values].sort((a, b) => a.sort_order - b.sort_order);
  const extra = (p: number) => (p > 0 ? ` + ${formatGBP(p)}` : '');
  const invalid = Boolean(error);
  const required = option.is_require ? (
    <>
      {' '}
      <span aria-hidden="true" className={styles.required}>
        *
      </span>
    </>
  ) : null;
  const errorText = error ? (
    <p id={errorId} className={styles.error}>
      {error}
    </p>
  ) : null;

  if (option.type === 'drop_down' || option.type === 'field') {
    return (
      <div className={`${styles.field} ${invalid ? styles.invalid : ''}`} data-option={option.option_id}>
        <label htmlFor={fieldId} className={styles.label}>
          {option.title}
          {required}
        </label>
        {option.type === 'drop_down' ? (
          <select
            id={fieldId}
            ref={inputRef}
            className={styles.select}
            value={value === undefined ? '' : String(value)}
            required={option.is_require}
            aria-invalid={invalid || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          >
            <option value="">Choose {option.title}…</option>
            {values.map((v) => (
              <option key={v.option_type_id} value={v.option_type_id}>
                {v.title}
                {extra(v.price)}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={fieldId}
            ref={inputRef}
            className={styles.text}
            type="text"
            maxLength={255}
            value={typeof value === 'string' ? value : ''}
            required={option.is_require}
            aria-invalid={invalid || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
        {errorText}
      </div>
    );
  }

  const checkbox = option.type === 'checkbox';
  const chosen = Array.isArray(value) ? value : value === undefined || value === '' ? [] : [Number(value)];
  return (
    <fieldset
      className={`${styles.field} ${styles.group} ${invalid ? styles.invalid : ''}`}
      data-option={option.option_id}
      // A radio group says it is required and invalid; a checkbox group marks its boxes.
      role={checkbox ? undefined : 'radiogroup'}
      aria-invalid={!checkbox && invalid ? true : undefined}
      aria-required={!checkbox && option.is_require ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={styles.label}>
        {option.title}
        {required}
      </legend>
      {values.map((v, i) => (
        <label key={v.option_type_id} className={styles.choice}>
          <input
            ref={i === 0 ? inputRef : undefined}
            type={checkbox ? 'checkbox' : 'radio'}
            name={fieldId}
            aria-invalid={checkbox && invalid ? true : undefined}
            value={v.option_type_id}
            checked={chosen.includes(v.option_type_id)}
            onChange={(e) => {
              if (!checkbox) onChange(v.option_type_id);
              else onChange(e.target.checked ? [...chosen, v.option_type_id] : chosen.filter((c) => c !== v.option_type_id));
            }}
          />
          <span>
            {v.title}
            {v.price > 0 ? <span className={styles.extra}>{extra(v.price)}</span> : null}
          </span>
        </label>
      ))}
      {errorText}
    </fieldset>
  );
}
