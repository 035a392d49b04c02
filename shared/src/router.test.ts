/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

// The router must be one copy per page (its context is shared by the shell and the remotes). A
// browser module importing 'react-router' or 'react-router-dom' itself would bundle a second copy,
// outside the '@shop/shared/router' singleton, and its links and hooks would find no router.
const root = path.join(__dirname, '../..');
const appSources = ['shared/src', 'shell/src', 'catalog-mfe/src', 'content-mfe/src', 'account-mfe/src', 'checkout-mfe/src'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('@shop/shared/router', () => {
  it('is the only module of the apps that imports react-router', () => {
    const own = path.join(__dirname, 'router.ts');
    const files = appSources.flatMap((dir) => sources(path.join(root, dir)));
    expect(files).toContain(own);
    const direct = files.filter((file) => file !== own && /(from\s+|import\(|require\(|jest\.mock\()\s*['"]react-router(-dom)?['"/]/.test(fs.readFileSync(file, 'utf8')));
    expect(direct.map((file) => path.relative(root, file))).toEqual([]);
  });

  it('exports what the apps import from it', async () => {
    const router = await import('@shop/shared/router');
    for (const name of ['Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes', 'BrowserRouter', 'MemoryRouter', 'StaticRouter', 'useLocation', 'useNavigate', 'useNavigationType', 'useParams', 'useSearchParams']) {
      expect(router).toHaveProperty(name);
    }
  });
});
