import { createContext, useContext, type ComponentType } from 'react';

type Props = Record<string, unknown>;

/**
 * On the page server: the remote modules loaded before rendering ('content/HomePage' → its
 * component), or null for one that failed or ran out of time. Absent in the browser.
 */
export type ServerModules = Map<string, ComponentType<Props> | null>;

export const ServerModulesContext = createContext<ServerModules | null>(null);

export function useServerModules(): ServerModules | null {
  return useContext(ServerModulesContext);
}

/**
 * The digest the server gives a region it leaves to the browser on purpose (ClientOnlyRegion):
 * React in the browser then reports the switch to client rendering (error #419) with this digest,
 * which the shell does not report as an error.
 */
export const CLIENT_ONLY_DIGEST = 'shop:client-only-region';

/**
 * Thrown while rendering on the server a region whose remote could not be loaded in time: React
 * sends that region's fallback and the browser renders it (with the Retry boundary if it fails there too).
 */
export class ClientOnlyRegion extends Error {
  constructor(readonly module: string) {
    super(`${module} renders in the browser`);
    this.name = 'ClientOnlyRegion';
  }
}

const clientOnly = new Map<string, ComponentType<Props>>();

/** The component to render on the server for `module`. */
export function serverComponent(modules: ServerModules, module: string): ComponentType<Props> {
  const loaded = modules.get(module);
  if (loaded) return loaded;
  let component = clientOnly.get(module);
  if (!component) {
    component = () => {
      throw new ClientOnlyRegion(module);
    };
    clientOnly.set(module, component);
  }
  return component;
}
