import { registerRemotes } from '@module-federation/enhanced/runtime';
import { registerShopRemotes, remoteEntryUrl, resetRemote } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

describe('registering the remotes', () => {
  beforeEach(() => jest.mocked(registerRemotes).mockClear());

  it('loads each remote’s container beside its configured manifest, wherever it is deployed', () => {
    expect(remoteEntryUrl('/remotes/catalog/mf-manifest.json', 'https://shop.example/damp-proofing')).toBe(
      'https://shop.example/remotes/catalog/remoteEntry.js',
    );
    expect(remoteEntryUrl('https://cdn.example/content/v7/mf-manifest.json', 'https://shop.example/')).toBe(
      'https://cdn.example/content/v7/remoteEntry.js',
    );
  });

  it('registers containers (globals named after each remote), not manifests, and re-registers one for a retry', () => {
    registerShopRemotes({ remotes: { catalog: '/remotes/catalog/mf-manifest.json', account: 'https://acc.example/mf-manifest.json' } });
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'catalog', entry: 'http://localhost/remotes/catalog/remoteEntry.js', type: 'global', entryGlobalName: 'catalog' },
      { name: 'account', entry: 'https://acc.example/remoteEntry.js', type: 'global', entryGlobalName: 'account' },
    ]);
    resetRemote('account');
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'account', entry: 'https://acc.example/remoteEntry.js', type: 'global', entryGlobalName: 'account' }],
      { force: true },
    );
  });
});
