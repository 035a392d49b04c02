/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure } from './check-budget';
import { checkLoadedModulesExposed, checkNoOwnCopies, checkOwnLoads, checkRemoteEntry, checkRoutes, checkSharedSingletons, remoteJavaScript, type BuiltManifest } from './contract';

const singletons = (versions: Record<string, string>) =>
  Object.entries(versions).map(([name, version]) => ({ name, version, requiredVersion: `^${version}`, singleton: true }));
const contractVersions = { react: '19.3.1', 'react-dom': '19.3.1', '@shop/shared/router': '0.2.0', jotai: '2.20.3', '@shop/shared': '0.2.0' };

const shell: BuiltManifest = { name: 'shell', shared: singletons(contractVersions), exposes: [], shop: { loads: ['checkout/ExpressCheckoutButton'] } };
const checkout = (exposes: string[], shared = singletons(contractVersions)): BuiltManifest => ({
  name: 'checkout',
  shared,
  exposes: exposes.map((name) => ({ name, path: `./${name}` })),
  shop: { loads: [], routes: { routes: [{ path: '/checkout', module: 'checkout/CheckoutPage' }] } },
});

describe('shared singletons against the deployed shell', () => {
  it('pass when the versions agree', () => {
    expect(checkSharedSingletons(checkout(['CheckoutPage']), shell)).toEqual([]);
  });

  it('fail naming the package and both versions when the shell’s version is outside the remote’s range', () => {
    const newer = checkout(['CheckoutPage'], singletons({ ...contractVersions, '@shop/shared': '0.3.0', react: '19.4.0' }));
    expect(checkSharedSingletons(newer, shell)).toEqual([
      'shared react: checkout requires ^19.4.0 but the deployed shell provides 19.3.1',
      'shared @shop/shared: checkout requires ^0.3.0 but the deployed shell provides 0.2.0',
    ]);
  });

  it('fail when the remote uses a module the shell does not provide (it brings no copy), or not as a singleton', () => {
    const own = checkout(['CheckoutPage'], [...singletons(contractVersions), ...singletons({ 'react-hook-form': '7.92.0' })]);
    own.shared = own.shared?.map((s) => (s.name === '@shop/shared/router' ? { ...s, singleton: false } : s));
    expect(checkSharedSingletons(own, shell)).toEqual([
      'shared @shop/shared/router: checkout does not declare it a singleton',
      'shared react-hook-form: checkout uses it, but the deployed shell does not provide it',
    ]);
  });

  it('pass when the remote does not use a module the shell provides (it is not in its manifest)', () => {
    const own = checkout(['CheckoutPage'], singletons(contractVersions).filter((s) => s.name !== 'jotai'));
    expect(checkSharedSingletons(own, shell)).toEqual([]);
  });

  it('fail when the shell does not provide a contract singleton', () => {
    const old = { ...shell, shared: singletons(contractVersions).filter((s) => s.name !== 'jotai') };
    expect(checkSharedSingletons(checkout(['CheckoutPage']), old)).toEqual(['shared jotai: the deployed shell does not provide it']);
  });
});

describe('a remote’s own copies of shared libraries', () => {
  it('fail naming each library the build bundles instead of taking the shell’s', () => {
    const sources = ['webpack://checkout/./src/checkout/checkoutState.ts', 'webpack://checkout/../node_modules/jotai/esm/vanilla/utils.mjs', 'webpack://checkout/../node_modules/jotai/esm/vanilla.mjs', 'webpack://checkout/../node_modules/payment-widget/index.js'];
    expect(checkNoOwnCopies('checkout', sources)).toEqual([
      "shared jotai: checkout's build bundles a copy of its own instead of the shell's (share it, or declare the dependency)",
    ]);
    expect(checkNoOwnCopies('checkout', sources.slice(0, 1))).toEqual([]);
  });
});

describe('the container the shop’s pages load', () => {
  const meta = (remoteEntry: { name?: string; path?: string; type?: string }, globalName = 'checkout') => ({ globalName, remoteEntry });

  it('passes for remoteEntry.js beside the manifest, a global named after the remote', () => {
    expect(checkRemoteEntry({ ...checkout([]), metaData: meta({ name: 'remoteEntry.js', path: '', type: 'global' }) })).toEqual([]);
  });

  it('fails naming the file or global a page would not find', () => {
    expect(checkRemoteEntry({ ...checkout([]), metaData: meta({ name: 'entry.js', path: 'static', type: 'global' }) })).toEqual([
      'remote entry static/entry.js: must be remoteEntry.js beside mf-manifest.json',
    ]);
    expect(checkRemoteEntry({ ...checkout([]), metaData: meta({ name: 'remoteEntry.js', type: 'module' }, 'checkout_v2') })).toEqual([
      'remote entry type module, global checkout_v2: must be the global checkout',
    ]);
    expect(checkRemoteEntry(checkout([]))).toHaveLength(2);
  });
});

describe('modules other apps load', () => {
  const catalog: BuiltManifest = { name: 'catalog', exposes: [{ name: 'ProductPage', path: './ProductPage' }], shop: { loads: ['checkout/ExpressCheckoutButton'] } };

  it('fail naming the module and who loads it when a build drops it', () => {
    expect(checkLoadedModulesExposed(checkout(['CheckoutPage', 'ExpressCheckoutButton']), [shell, catalog])).toEqual([]);
    expect(checkLoadedModulesExposed(checkout(['CheckoutPage']), [shell, catalog])).toEqual([
      'module checkout/ExpressCheckoutButton: shell loads it, but this build of checkout does not expose it',
      'module checkout/ExpressCheckoutButton: catalog loads it, but this build of checkout does not expose it',
    ]);
  });

  it('fail when a remote loads a module the deployed owner does not expose', () => {
    expect(checkOwnLoads(catalog, [checkout(['CheckoutPage'])])).toEqual([
      'module checkout/ExpressCheckoutButton: catalog loads it, but the deployed checkout does not expose it',
    ]);
  });
});

describe('route lists before deploy', () => {
  const order = ['catalog', 'content', 'account', 'checkout'];
  it('fail when the list routes to an unexposed module or claims another remote’s path', () => {
    const account: BuiltManifest = {
      name: 'account',
      exposes: [{ name: 'LoginPage', path: './LoginPage' }],
      shop: {
        routes: {
          routes: [
            { path: '/customer/account/login', module: 'account/LoginPage' },
            { path: '/checkout', module: 'account/CheckoutPage' },
          ],
        },
      },
    };
    expect(checkRoutes(account, [checkout(['CheckoutPage'])], order)).toEqual([
      'route module account/CheckoutPage: routed to, but not exposed',
      'Route conflict: /checkout (checkout/CheckoutPage, remote "checkout") matches the same URLs as /checkout (account/CheckoutPage, remote "account"); account keeps them and checkout/CheckoutPage is not routed',
    ]);
  });
});

describe('a remote’s JavaScript budget', () => {
  it('counts remoteEntry and each page’s chunks, not the shared fallbacks', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-'));
    const write = (file: string, bytes: number) => fs.writeFileSync(path.join(dist, file), Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 7919) % 251)));
    write('remoteEntry.js', 2000);
    write('page.js', 8000);
    write('react.js', 50000);
    const manifest: BuiltManifest = {
      name: 'catalog',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: [{ name: 'react', version: '19.3.1', assets: { js: { sync: ['react.js'], async: [] } } }],
      exposes: [{ name: 'ProductPage', path: './ProductPage', assets: { js: { sync: ['page.js', 'react.js'], async: [] } } }],
    };
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
    expect(remoteJavaScript(manifest).pages).toEqual([{ module: 'catalog/ProductPage', files: ['page.js'] }]);

    const within = measure(dist, 100);
    expect(within.over).toBe(false);
    expect(within.heaviest.module).toBe('catalog/ProductPage');
    expect(within.heaviest.gzip).toBeGreaterThan(within.entry);
    expect(within.heaviest.gzip).toBeLessThan(20 * 1024); // react.js (about 50 KiB) is not counted
    expect(measure(dist, within.heaviest.gzip / 1024 - 0.1).over).toBe(true);
  });
});
