import type { ServerApi } from '@shop/shared';
import { blogPost, cmsPage } from '../testing/fixtures';
import { loadContentData } from './pageData';

const posts = [
  blogPost({ id: 1, url_key: 'fitting-a-sump-pump', post_content: '<p>Sump text</p>' }),
  blogPost({ id: 2, url_key: 'injecting-a-dpc', post_content: '<p>DPC text</p>' }),
];

const pages = [cmsPage({ id: 1, identifier: 'home' }), cmsPage({ id: 2, identifier: 'about' }), cmsPage({ id: 3, identifier: 'privacy-policy' })];

const api: ServerApi = {
  get: (async (path: string) => {
    if (path === '/content/blog-posts') return { items: posts };
    if (path === '/content/authors') return { list: [] };
    if (path === '/content/cms-pages') return { items: pages };
    throw new Error(`unexpected ${path}`);
  }) as ServerApi['get'],
};

describe('loadContentData', () => {
  it('hands the browser the posts without their text when no article is shown', async () => {
    const data = await loadContentData(api, ['blog-posts']);
    const listed = data['blog-posts'] as typeof posts;
    expect(listed.map((p) => p.url_key)).toEqual(['fitting-a-sump-pump', 'injecting-a-dpc']);
    expect(listed.map((p) => p.post_content)).toEqual(['', '']);
    // Everything a card shows is kept.
    expect(listed[0]).toEqual({ ...posts[0], post_content: '' });
  });

  it('keeps the text of the article shown only', async () => {
    const data = await loadContentData(api, ['blog-posts', 'authors'], { post: 'injecting-a-dpc' });
    // Under a key of that article's own: the next article's page (the same component) fetches.
    expect(data['blog-posts']).toBeUndefined();
    const listed = data['blog-posts:injecting-a-dpc'] as typeof posts;
    expect(listed.map((p) => p.post_content)).toEqual(['', '<p>DPC text</p>']);
    expect(data.authors).toEqual([]);
  });

  it('hands the browser the CMS page shown only', async () => {
    const data = await loadContentData(api, ['cms-pages', 'blog-posts'], { cmsPage: 'about' });
    expect(data['cms-pages:about']).toEqual([pages[1]]);
    expect(data['cms-pages']).toBeUndefined();
    expect(await loadContentData(api, ['cms-pages'])).toEqual({ 'cms-pages': pages });
  });

  it('leaves a failed entry to the browser', async () => {
    const failing: ServerApi = { get: (async () => Promise.reject(new Error('down'))) as ServerApi['get'] };
    expect(await loadContentData(failing, ['blog-posts', 'authors'])).toEqual({});
  });
});
