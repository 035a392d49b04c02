import { Link } from 'react-router-dom';
import { adminCmsPagesAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { dateTime } from '../../money';
import { Pager } from '../../Pager';
import ui from '../../ui.module.css';
import { useFilteredList } from '../../useFilteredList';

/** CMS pages by title: search by title or identifier; each opens its edit page. */
export function CmsPagesPage() {
  const { params, page, pages, data, error, search, go } = useFilteredList(['q'], (query) => call(adminCmsPagesAnswerSchema, 'GET', `/cms-pages?${query}`));
  return (
    <div className={ui.page}>
      <div className={ui.row}>
        <h1 className={ui.heading}>CMS pages</h1>
        <Link className={ui.button} to="/cms-pages/new">New page</Link>
      </div>
      <form className={`${ui.card} ${ui.row}`} role="search" onSubmit={(e) => { e.preventDefault(); search(e.currentTarget); }}>
        <div className={ui.field}>
          <label htmlFor="q">Title or identifier</label>
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
                <tr><th>Title</th><th>Address</th><th>Status</th><th>Last saved</th></tr>
              </thead>
              <tbody>
                {data.items.map((p) => (
                  <tr key={p.id}>
                    <td><Link to={`/cms-pages/${p.id}`}>{p.title}</Link></td>
                    <td><code>{p.url}</code></td>
                    <td><span className={ui.badge}>{p.active ? 'published' : 'unpublished'}</span></td>
                    <td>{dateTime(p.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.items.length === 0 && <p>No pages match.</p>}
          <Pager page={page} pages={pages} go={go} back="Previous" forward="Next" />
        </>
      )}
    </div>
  );
}
