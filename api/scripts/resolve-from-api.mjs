/** Module resolve hook (see drizzle-kit.mjs): resolve drizzle-orm as if imported from api/. */
const apiPackage = new URL('../package.json', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return nextResolve(specifier, { ...context, parentURL: apiPackage });
  }
  return nextResolve(specifier, context);
}
