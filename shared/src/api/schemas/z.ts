import { z } from 'zod';

// In the browser zod must not probe for `new Function` (its fast path): the shop's CSP has no
// 'unsafe-eval', and Chrome reports the probe as a policy violation even though zod catches it.
// Every schema file takes zod from here, so the setting is made wherever zod is loaded.
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });

export { z };
