// What the shell's main.js does on the shop's pages (inject-external-runtime-core-plugin), for a
// remote's standalone page: the federation runtime core on the global the remote's build reads.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
