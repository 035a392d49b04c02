import { useSearchParams } from 'react-router-dom';
import { useLoad } from './useLoad';

/**
 * A list page's state kept in the address (shareable, Back works): the filters named in `filters`
 * and the page; the answer loaded for them; `search` (a filter form's values, back to page 1) and
 * `go` (another page). Used by the Orders and Products lists.
 */
export function useFilteredList<T extends { totalCount: number; pageSize: number }>(filters: readonly string[], load: (query: URLSearchParams) => Promise<T>) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const query = new URLSearchParams();
  for (const f of filters) if (params.get(f)) query.set(f, params.get(f)!);
  query.set('page', String(page));
  const { data, error } = useLoad(() => load(query), [query.toString()]);

  const search = (form: HTMLFormElement) => {
    const next = new URLSearchParams();
    const values = new FormData(form);
    for (const f of filters) {
      const v = String(values.get(f) ?? '').trim();
      if (v) next.set(f, v);
    }
    setParams(next);
  };
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;
  return { params, page, pages, data, error, search, go };
}
