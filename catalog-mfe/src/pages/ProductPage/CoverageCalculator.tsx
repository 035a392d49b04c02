import { useId, useState } from 'react';
import { formatDecimal } from '@shop/shared';
import { OVERLAP_ALLOWANCE, parseMeasure, unitsNeeded, unitWord } from './coverage';
import styles from './CoverageCalculator.module.css';

const fmt = (n: number) => formatDecimal(n);

/**
 * How many rolls or packs to buy: the shopper gives the area in m² (or its length and width), the
 * calculator adds the stated overlap allowance and divides by what one unit covers, rounding up;
 * one click puts that quantity in the basket.
 */
export function CoverageCalculator({
  coverage,
  packaging,
  onAdd,
  unavailable,
  busy = false,
}: {
  /** m² one roll or pack covers; null while a variant is still to be chosen. */
  coverage: number | null;
  packaging: string | null | undefined;
  onAdd: (units: number) => void;
  /** Why the result cannot be worked out yet (e.g. a roll size is not chosen). */
  unavailable?: string | undefined;
  busy?: boolean;
}) {
  const id = useId();
  const [mode, setMode] = useState<'area' | 'dimensions'>('area');
  const [area, setArea] = useState('');
  const [length, setLength] = useState('');
  const [width, setWidth] = useState('');

  const measured =
    mode === 'area'
      ? parseMeasure(area)
      : (() => {
          const l = parseMeasure(length);
          const w = parseMeasure(width);
          return l !== null && w !== null ? l * w : null;
        })();
  const result = coverage !== null && measured !== null ? unitsNeeded(measured, coverage) : null;
  const percent = Math.round(OVERLAP_ALLOWANCE * 100);
  const typed = mode === 'area' ? area.trim() !== '' : length.trim() !== '' && width.trim() !== '';

  return (
    <section className={styles.calculator} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Coverage calculator
      </h2>
      <p className={styles.intro}>
        {coverage !== null ? (
          <>
            Each {unitWord(packaging, 1)} covers <strong>{fmt(coverage)} m²</strong>.{' '}
          </>
        ) : null}
        We add <strong>{percent}%</strong> to your area for overlaps and cutting waste.
      </p>
      <fieldset className={styles.modes}>
        <legend className={styles.legend}>Measure by</legend>
        <label className={styles.mode}>
          <input type="radio" name={`${id}-mode`} value="area" checked={mode === 'area'} onChange={() => setMode('area')} />
          Area (m²)
        </label>
        <label className={styles.mode}>
          <input type="radio" name={`${id}-mode`} value="dimensions" checked={mode === 'dimensions'} onChange={() => setMode('dimensions')} />
          Length × width
        </label>
      </fieldset>
      <div className={styles.inputs}>
        {mode === 'area' ? (
          <label className={styles.field}>
            <span>Area to cover (m²)</span>
            <input type="text" inputMode="decimal" autoComplete="off" value={area} onChange={(e) => setArea(e.target.value)} aria-describedby={`${id}-result`} />
          </label>
        ) : (
          <>
            <label className={styles.field}>
              <span>Length (m)</span>
              <input type="text" inputMode="decimal" autoComplete="off" value={length} onChange={(e) => setLength(e.target.value)} />
            </label>
            <span className={styles.times} aria-hidden="true">
              ×
            </span>
            <label className={styles.field}>
              <span>Width (m)</span>
              <input type="text" inputMode="decimal" autoComplete="off" value={width} onChange={(e) => setWidth(e.target.value)} aria-describedby={`${id}-result`} />
            </label>
          </>
        )}
      </div>
      <div id={`${id}-result`} className={styles.result} role="status" aria-live="polite">
        {unavailable ? (
          <p className={styles.hint}>{unavailable}</p>
        ) : result ? (
          <p>
            You need <strong data-units={result.units}>{result.units} {unitWord(packaging, result.units)}</strong> for {fmt(result.area)} m² (
            {fmt(result.areaWithAllowance)} m² with the {percent}% allowance). {result.units} {unitWord(packaging, result.units)} cover{' '}
            {fmt(result.covered)} m².
          </p>
        ) : typed ? (
          <p className={styles.hint}>Enter measurements in metres greater than 0.</p>
        ) : (
          <p className={styles.hint}>Enter your measurements to see how many you need.</p>
        )}
      </div>
      {result && !unavailable ? (
        <button type="button" className={styles.add} onClick={() => onAdd(result.units)} disabled={busy}>
          Add {result.units} {unitWord(packaging, result.units)} to basket
        </button>
      ) : null}
    </section>
  );
}
