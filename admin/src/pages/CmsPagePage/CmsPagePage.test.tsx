import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CONTENT_MESSAGES, type AdminCmsPageDetail } from '@shop/shared/backoffice';
import { CmsPagePage } from './CmsPagePage';

const page: AdminCmsPageDetail = {
  id: 4,
  identifier: 'delivery-and-returns',
  title: 'Delivery and Returns',
  active: true,
  url: '/delivery-and-returns',
  updated_at: '2026-11-27T07:00:00.000Z',
  content_heading: null,
  content: '<p>Free delivery over £250.</p>',
  meta_title: null,
  meta_description: null,
};

const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);
let createAnswer: () => Promise<Response>;
let fetchMock: jest.Mock;
beforeEach(() => {
  createAnswer = () => answer({ page: { ...page, id: 9, identifier: 'trade-accounts', url: '/trade-accounts' } });
  fetchMock = jest.fn((url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path === '/admin-api/content/preview') return answer({ html: '<p>Dry <b>walls</b></p>' });
    if (path === '/admin-api/cms-pages' && init?.method === 'POST') return createAnswer();
    if (path === '/admin-api/cms-pages/4' && init?.method === 'POST') return answer({ page: { ...page, ...JSON.parse(init.body as string), updated_at: '2026-11-27T08:00:00.000Z' } });
    if (path === '/admin-api/cms-pages/4') return answer(page);
    if (path === '/admin-api/cms-pages/9') return answer({ ...page, id: 9, identifier: 'trade-accounts', url: '/trade-accounts' });
    return answer({ message: 'not here' }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
});

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cms-pages/:id" element={<CmsPagePage />} />
      </Routes>
    </MemoryRouter>,
  );
const posts = (path: string) => fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init as RequestInit | undefined)?.method === 'POST');

describe('the CMS page form', () => {
  it('a new page: its own checks under the fields, nothing sent; then the API’s refusal under the identifier', async () => {
    renderAt('/cms-pages/new');
    await userEvent.type(await screen.findByLabelText('Identifier (its address: /identifier)'), 'Trade Accounts');
    await userEvent.click(screen.getByRole('button', { name: 'Create page' }));
    expect(await screen.findByText(CONTENT_MESSAGES.title)).toBeInTheDocument();
    expect(screen.getByText(CONTENT_MESSAGES.identifier)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(posts('/admin-api/cms-pages')).toHaveLength(0);

    createAnswer = () => answer({ error: 'Bad Request', message: CONTENT_MESSAGES.identifierTaken, field: 'identifier' }, 400);
    await userEvent.type(screen.getByLabelText('Title'), 'Trade accounts');
    await userEvent.clear(screen.getByLabelText('Identifier (its address: /identifier)'));
    await userEvent.type(screen.getByLabelText('Identifier (its address: /identifier)'), 'about');
    await userEvent.click(screen.getByRole('button', { name: 'Create page' }));
    expect(await screen.findByText(CONTENT_MESSAGES.identifierTaken)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Identifier (its address: /identifier)')).toHaveAttribute('aria-invalid', 'true'));
    expect(JSON.parse((posts('/admin-api/cms-pages')[0]![1] as RequestInit).body as string)).toMatchObject({ identifier: 'about', title: 'Trade accounts', active: false });
  });

  it('an existing page: the identifier stays, the toolbar wraps the selection, the preview shows the API’s sanitised HTML, and a save says so', async () => {
    renderAt('/cms-pages/4');
    const identifier = await screen.findByLabelText('Identifier (its address: /identifier)');
    expect(identifier).toHaveAttribute('readonly');
    const content = screen.getByLabelText('Content') as HTMLTextAreaElement;
    await userEvent.clear(content);
    await userEvent.type(content, 'Next day');
    content.setSelectionRange(0, 4);
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(content).toHaveValue('<strong>Next</strong> day');

    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview as the shop will show it' });
    expect(preview.innerHTML).toContain('<p>Dry <b>walls</b></p>');
    expect(JSON.parse((posts('/admin-api/content/preview')[0]![1] as RequestInit).body as string)).toEqual({ html: '<strong>Next</strong> day' });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. The shop shows the change within 2 seconds.');
    const sent = JSON.parse((posts('/admin-api/cms-pages/4')[0]![1] as RequestInit).body as string);
    expect(sent).toEqual({ title: 'Delivery and Returns', contentHeading: '', content: '<strong>Next</strong> day', metaTitle: '', metaDescription: '', active: true });
  });
});
