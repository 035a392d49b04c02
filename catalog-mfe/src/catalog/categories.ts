import type { Category } from '@shop/shared';

/** Home, then the category's ancestors, then the category (for breadcrumbs). */
export function categoryTrail(categories: Category[], id: number | undefined): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const trail: Category[] = [];
  let current = id === undefined ? undefined : byId.get(id);
  const seen = new Set<number>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    trail.unshift(current);
    current = current.parent_id === null ? undefined : byId.get(current.parent_id);
  }
  return trail;
}

/** The category a product is shown under: the deepest of its categories the shop knows. */
export function primaryCategory(categories: Category[], categoryIds: number[]): Category | undefined {
  const known = categoryIds.map((id) => categories.find((c) => c.id === id)).filter((c): c is Category => Boolean(c));
  return known.sort((a, b) => categoryTrail(categories, b.id).length - categoryTrail(categories, a.id).length)[0];
}
