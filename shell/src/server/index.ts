// The shell's server build (dist/server/main.js), loaded by the page server (shell/server). The
// async import is the federation boundary: the shared singletons are set up before the app's code.
import type { prepareServerSanitizer } from '@shop/shared';
import type { RenderRequest, RenderResult, ServerRemote } from './renderPage';

export type { RenderRequest, RenderResult, ServerRemote };

export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  const { renderPage: render } = await import('./renderPage');
  return render(request);
}

/** Remote server containers, how to read files served locally, and a DOM window for the HTML sanitiser. */
export async function configureRemotes(remotes: ServerRemote[], readLocal: (url: string) => Promise<string | null>, htmlWindow?: Parameters<typeof prepareServerSanitizer>[0]): Promise<void> {
  const { configureRemotes: configure } = await import('./renderPage');
  await configure(remotes, readLocal, htmlWindow);
}

/** Loads the given remote pages now (after start or a new deploy). */
export async function warmUp(modules: string[]): Promise<void> {
  const { warmUp: warm } = await import('./renderPage');
  await warm(modules);
}
