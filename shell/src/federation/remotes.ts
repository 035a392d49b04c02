import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteLists } from '../routeTable';
import type { PaymentProviderName } from '@shop/shared/payment';

import { REMOTE_ENTRY_FILE, REMOTE_NAMES, type RemoteName } from '@shop/shared/routes/remotes';

/** The four remotes and the team that owns each. */
export { REMOTE_NAMES, type RemoteName };

/** Run-time configuration of the page: where each remote's manifest lives, error reporting. */
export interface ShopConfig {
  remotes: Partial<Record<RemoteName, string>>;
  /** The remotes' route lists as the page server read them (absent on the dev server). */
  routes?: RouteLists | undefined;
  sentryDsn?: string | undefined;
  release?: string | undefined;
  /** The API's payment provider as the page server last learnt it (null or absent: unknown). */
  paymentProvider?: PaymentProviderName | null | undefined;
}

let current: ShopConfig = { remotes: {} };

/**
 * The page server inlines the configuration as JSON (no extra round trip); the dev server has
 * no page server, so the shell falls back to fetching remotes.json.
 */
export async function readShopConfig(doc: Document = document): Promise<ShopConfig> {
  const inline = doc.getElementById('shop-config')?.textContent;
  if (inline) return JSON.parse(inline) as ShopConfig;
  try {
    const res = await fetch('/remotes.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`remotes.json answered ${res.status}`);
    return { remotes: (await res.json()) as ShopConfig['remotes'] };
  } catch (error) {
    // Without remotes the shell still renders its header, footer and basket.
    console.error('[federation] could not read remotes.json', error);
    return { remotes: {} };
  }
}

/**
 * What the runtime loads for a remote: its container script, remoteEntry.js, which sits beside the
 * configured manifest (the shared build config names it so; the contract check holds every remote
 * to it). Not the manifest itself: the browser's runtime is built without its manifest ("snapshot")
 * code (experiments.optimization.disableSnapshot), and the page saves the manifest's round trip.
 * The manifest stays the configured location: the page server reads routes and assets from it.
 */
export const remoteEntryUrl = (manifest: string, base = window.location.href) =>
  new URL(REMOTE_ENTRY_FILE, new URL(manifest, base)).href;

const registration = (name: string, manifest: string) => ({
  name,
  entry: remoteEntryUrl(manifest),
  type: 'global' as const,
  entryGlobalName: name,
});

/** Registers every configured remote with the federation runtime. */
export function registerShopRemotes(config: ShopConfig): void {
  current = config;
  registerRemotes(Object.entries(config.remotes).map(([name, manifest]) => registration(name, manifest as string)));
}

/** The payment provider the page server inlined, when it knew it. */
export function inlinedPaymentProvider(): PaymentProviderName | null {
  return current.paymentProvider ?? null;
}

/** The page server's render: the provider it inlines into the page (the same for every page). */
export function setServerPaymentProvider(provider: PaymentProviderName | null): void {
  current = { ...current, paymentProvider: provider };
}

/** Where a remote's manifest is configured to be. */
export function manifestUrl(name: RemoteName): string | undefined {
  return current.remotes[name];
}

/** Drops the runtime's cached (failed) load of a remote so the next load starts afresh. */
export function resetRemote(name: RemoteName): void {
  const entry = current.remotes[name];
  if (entry) registerRemotes([registration(name, entry)], { force: true });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Loads an exposed module ('catalog/ProductPage'), retrying chunk and manifest failures with
 * exponential backoff (300 ms, 900 ms) before giving up to the region's error boundary.
 */
export async function loadRemoteModule<T>(id: `${RemoteName}/${string}`, attempts = 3): Promise<T> {
  const name = id.split('/')[0] as RemoteName;
  if (!current.remotes[name]) throw new Error(`Remote "${name}" is not configured`);
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) {
      await sleep(300 * 3 ** (attempt - 1));
      resetRemote(name);
    }
    try {
      const mod = await loadRemote<T>(id);
      if (mod) return mod;
      lastError = new Error(`Remote module ${id} is empty`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
