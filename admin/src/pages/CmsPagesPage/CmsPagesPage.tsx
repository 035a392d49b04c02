import { Link } from 'react-router-dom';
import { adminCmsPagesAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { SearchedList } from '../../components/SearchedList';
import { dateTime } from '../../money';
import ui from '../../ui.module.css';

/** CMS pages by title: search by title or identifier; each opens its edit page. */
export function CmsPagesPage() {
  return (
    <SearchedList
      title="CMS pages"
      create={{ label: 'New page', to: '/cms-pages/new' }}
      searchLabel="Title or identifier"
      load={(query) => call(adminCmsPagesAnswerSchema, 'GET', `/cms-pages?${query}`)}
      head={<><th>Title</th><th>Address</th><th>Status</th><th>Last saved</th></>}
      row={(p) => (
        <>
          <td><Link to={`/cms-pages/${p.id}`}>{p.title}</Link></td>
          <td><code>{p.url}</code></td>
          <td><span className={ui.badge}>{p.active ? 'published' : 'unpublished'}</span></td>
          <td>{dateTime(p.updated_at)}</td>
        </>
      )}
      empty="No pages match."
      pager={{ back: 'Previous', forward: 'Next' }}
    />
  );
}
