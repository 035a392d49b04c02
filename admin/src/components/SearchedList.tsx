import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Pager } from '../Pager';
import ui from '../ui.module.css';
import { useFilteredList } from '../useFilteredList';

interface Props<T> {
  title: string;
  /** The "New …" button, if the list has one: its text and where it leads. */
  create?: { label: string; to: string };
  /** The label of the one search box (its query parameter is `q`). */
  searchLabel: string;
  load: (query: URLSearchParams) => Promise<{ items: T[]; totalCount: number; pageSize: number }>;
  /** The table's header cells. */
  head: ReactNode;
  row: (item: T) => ReactNode;
  empty: string;
  pager: { back: string; forward: string };
}

/** A list page with one search box, a "New" button, a table and its pages (customers, CMS pages, advice posts). */
export function SearchedList<T extends { id: number }>({ title, create, searchLabel, load, head, row, empty, pager }: Props<T>) {
  const { params, page, pages, data, error, search, go } = useFilteredList(['q'], load);
  return (
    <div className={ui.page}>
      <div className={ui.row}>
        <h1 className={ui.heading}>{title}</h1>
        {create && <Link className={ui.button} to={create.to}>{create.label}</Link>}
      </div>
      <form className={`${ui.card} ${ui.row}`} role="search" onSubmit={(e) => { e.preventDefault(); search(e.currentTarget); }}>
        <div className={ui.field}>
          <label htmlFor="q">{searchLabel}</label>
          <input id="q" name="q" type="search" defaultValue={params.get('q') ?? ''} />
        </div>
        <button className={ui.button} type="submit">Search</button>
      </form>
      {error && <p className={ui.error} role="alert">{error}</p>}
      {data && (
        <>
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>{head}</tr>
              </thead>
              <tbody>
                {data.items.map((item) => <tr key={item.id}>{row(item)}</tr>)}
              </tbody>
            </table>
          </div>
          {data.items.length === 0 && <p>{empty}</p>}
          <Pager page={page} pages={pages} go={go} back={pager.back} forward={pager.forward} />
        </>
      )}
    </div>
  );
}
