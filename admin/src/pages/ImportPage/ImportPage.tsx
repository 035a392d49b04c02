import { useState } from 'react';
import { Link } from 'react-router-dom';
import { importProgressLineSchema, importReportSchema, type ImportReport } from '@shop/shared/backoffice';
import { ApiError, postCsv } from '../../api';
import ui from '../../ui.module.css';

type Step =
  | { name: 'idle' }
  | { name: 'checking' }
  | { name: 'checked'; report: ImportReport }
  | { name: 'applying'; done: number; total: number | null }
  | { name: 'applied'; report: ImportReport };

/** Reads an applying import's NDJSON answer line by line, telling each progress line. */
async function readLines(res: Response, onProgress: (done: number, total: number) => void): Promise<ImportReport> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += value ?? '';
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = importProgressLineSchema.parse(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
      if ('progress' in line) onProgress(line.progress.done, line.progress.total);
      else if ('report' in line) return line.report;
      else throw new ApiError(500, line.error);
    }
    if (done) throw new ApiError(0, 'The answer stopped before the import finished. Check the products: the file was applied in full or not at all.');
  }
}

const counts = (r: ImportReport) => `${r.rows} ${r.rows === 1 ? 'row' : 'rows'}: ${r.created} new, ${r.updated} changed, ${r.unchanged} unchanged.`;

/**
 * Products and stock as CSV: export every product; import a file, first checked (each row's
 * problems by row and column, nothing changed), then applied in one go with a progress bar.
 */
export function ImportPage() {
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [error, setError] = useState<string | null>(null);

  const check = async (chosen: File) => {
    setError(null);
    setStep({ name: 'checking' });
    try {
      const text = await chosen.text();
      setFile({ name: chosen.name, text });
      const res = await postCsv(`/products/import?name=${encodeURIComponent(chosen.name)}`, text);
      setStep({ name: 'checked', report: importReportSchema.parse(await res.json()) });
    } catch (e) {
      setStep({ name: 'idle' });
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    }
  };

  const apply = async () => {
    if (!file) return;
    setError(null);
    setStep({ name: 'applying', done: 0, total: null });
    try {
      const res = await postCsv(`/products/import?apply=1&name=${encodeURIComponent(file.name)}`, file.text);
      const report = await readLines(res, (done, total) => setStep({ name: 'applying', done, total }));
      setStep(report.applied ? { name: 'applied', report } : { name: 'checked', report });
    } catch (e) {
      setStep({ name: 'idle' });
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    }
  };

  const report = step.name === 'checked' || step.name === 'applied' ? step.report : null;
  const problems = report ? report.problems.length + report.moreProblems : 0;

  return (
    <div className={ui.page}>
      <p><Link to="/products">← Products</Link></p>
      <h1 className={ui.heading}>Import and export</h1>
      <section className={ui.card}>
        <h2>Export</h2>
        <p>Every product with its prices, stock, status, URL key and SEO words, as CSV with Magento’s column names.</p>
        <a className={ui.button} href="/admin-api/products/export" download>
          Download products.csv
        </a>
      </section>
      <section className={ui.card}>
        <h2>Import</h2>
        <p>
          A row per product, named by <code className={ui.code}>sku</code> (an unknown SKU makes a new simple product, which needs a name and a price). A column left
          out or a cell left empty keeps what the product has; <code className={ui.code}>__EMPTY__VALUE__</code> empties a special price, its dates or an SEO text. The
          file is checked first and nothing changes until you apply it.
        </p>
        <div className={ui.field}>
          <label htmlFor="csv-file">CSV file</label>
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            disabled={step.name === 'checking' || step.name === 'applying'}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              // Cleared, so choosing the corrected file again is a change too.
              e.target.value = '';
              if (chosen) void check(chosen);
            }}
          />
        </div>
        {error && <p className={ui.error} role="alert">{error}</p>}
        {step.name === 'checking' && <p className={ui.muted}>Checking {file?.name ?? 'the file'}…</p>}
        {step.name === 'applying' && (
          <div role="status">
            <label htmlFor="import-progress">
              {step.total === null ? 'Checking again and applying…' : `Applying: ${step.done} of ${step.total} products`}
            </label>
            <progress id="import-progress" max={step.total ?? undefined} value={step.total === null ? undefined : step.done} />
          </div>
        )}
        {report && step.name === 'applied' && (
          <p className={ui.notice} role="status">
            Applied {file?.name}. {counts(report)} The shop shows the changes within 2 seconds.
          </p>
        )}
        {report && step.name === 'checked' && problems === 0 && (
          <>
            <p className={ui.notice} role="status">
              {file?.name}: {counts(report)} No problems.
            </p>
            <button className={ui.button} type="button" onClick={() => void apply()} disabled={report.created + report.updated === 0}>
              Apply
            </button>
          </>
        )}
        {report && step.name === 'checked' && problems > 0 && (
          <>
            <p className={ui.error} role="alert">
              {file?.name}: {problems} {problems === 1 ? 'problem' : 'problems'}. Nothing was changed. Correct the file and choose it again.
            </p>
            <div className={ui.tableWrap}>
              <table className={ui.table} aria-label="Problems">
                <thead>
                  <tr>
                    <th className={ui.num}>Row</th>
                    <th>Column</th>
                    <th>Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {report.problems.map((p, i) => (
                    <tr key={i}>
                      <td className={ui.num}>{p.row}</td>
                      <td>{p.column}</td>
                      <td>{p.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {report.moreProblems > 0 && <p className={ui.muted}>… and {report.moreProblems} more.</p>}
          </>
        )}
      </section>
    </div>
  );
}
