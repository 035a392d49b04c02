import { Link } from 'react-router-dom';
import { adminPostsAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { Pager } from '../../Pager';
import ui from '../../ui.module.css';
import { useFilteredList } from '../../useFilteredList';

/** Advice posts, newest first: search by name or URL key; each opens its edit page. */
export function PostsPage() {
  const { params, page, pages, data, error, search, go } = useFilteredList(['q'], (query) => call(adminPostsAnswerSchema, 'GET', `/posts?${query}`));
  return (
    <div className={ui.page}>
      <div className={ui.row}>
        <h1 className={ui.heading}>Advice posts</h1>
        <Link className={ui.button} to="/posts/new">New post</Link>
      </div>
      <form className={`${ui.card} ${ui.row}`} role="search" onSubmit={(e) => { e.preventDefault(); search(e.currentTarget); }}>
        <div className={ui.field}>
          <label htmlFor="q">Name or URL key</label>
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
                <tr><th>Name</th><th>Address</th><th>Author</th><th>Publish date</th><th>Status</th></tr>
              </thead>
              <tbody>
                {data.items.map((p) => (
                  <tr key={p.id}>
                    <td><Link to={`/posts/${p.id}`}>{p.name}</Link>{p.is_video && <span className={ui.muted}> (video)</span>}</td>
                    <td><code>{p.url}</code></td>
                    <td>{p.author_name ?? ''}</td>
                    <td>{p.publish_date}</td>
                    <td><span className={ui.badge}>{p.active ? 'published' : 'unpublished'}</span></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.items.length === 0 && <p>No posts match.</p>}
          <Pager page={page} pages={pages} go={go} back="Newer" forward="Older" />
        </>
      )}
    </div>
  );
}
