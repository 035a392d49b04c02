import { holdEarlyClicks } from './startup/earlyClicks';
import { loadStartupScripts } from './startup/startupScripts';

// The server's page is on screen before React listens: taps on its buttons are kept till then.
holdEarlyClicks(document.getElementById('root'));

// Async boundary: lets the federation runtime negotiate shared singletons before any app code
// runs. Its scripts are loaded first, a task each (see loadStartupScripts).
void loadStartupScripts(document.currentScript).then(() => import('./bootstrap'));

// Shared libraries the shell provides for the remotes only (see providedForRemotes): referenced, never called.
export { providedForRemotes } from './federation/providedForRemotes';
