/**
 * Shared libraries only the remotes use. A remote's build for the shop brings no copy of a shared
 * library (shared/build/webpack.cjs): the shell provides every one. Webpack provides a shared module
 * only if the build imports it, so these imports, which never run, make the shell's build provide
 * them (each in a chunk of its own, loaded when a remote first asks for it).
 */
export function providedForRemotes(): Promise<unknown>[] {
  return [import('react-hook-form'), import('@hookform/resolvers/zod'), import('@shop/shared/forms')];
}
