import { Link } from 'react-router-dom';
import { adminPostsAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { SearchedList } from '../../components/SearchedList';
import ui from '../../ui.module.css';

/** Advice posts, newest first: search by name or URL key; each opens its edit page. */
export function PostsPage() {
  return (
    <SearchedList
      title="Advice posts"
      create={{ label: 'New post', to: '/posts/new' }}
      searchLabel="Name or URL key"
      load={(query) => call(adminPostsAnswerSchema, 'GET', `/posts?${query}`)}
      head={<><th>Name</th><th>Address</th><th>Author</th><th>Publish date</th><th>Status</th></>}
      row={(p) => (
        <>
          <td><Link to={`/posts/${p.id}`}>{p.name}</Link>{p.is_video && <span className={ui.muted}> (video)</span>}</td>
          <td><code>{p.url}</code></td>
          <td>{p.author_name ?? ''}</td>
          <td>{p.publish_date}</td>
          <td><span className={ui.badge}>{p.active ? 'published' : 'unpublished'}</span></td>
        </>
      )}
      empty="No posts match."
      pager={{ back: 'Newer', forward: 'Older' }}
    />
  );
}
