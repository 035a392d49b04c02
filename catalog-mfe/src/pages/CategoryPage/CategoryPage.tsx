import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiRequest, PageHeading, Spinner } from '@shop/shared';

interface CategorySummary {
  id: number;
  name: string;
  attrs?: { meta_title?: string | null; meta_description?: string | null } | null;
}

/** The category page (reached through a URL rewrite or catalog/category/view/id/{id}). */
export default function CategoryPage({ categoryId }: { categoryId?: number }) {
  const params = useParams();
  const id = categoryId ?? Number(params.categoryId);
  const [category, setCategory] = useState<CategorySummary | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    setCategory(undefined);
    apiRequest('/categories/')
      .then((answer) => {
        const list = (answer as { categories?: CategorySummary[] }).categories ?? [];
        if (live) setCategory(list.find((c) => c.id === id) ?? null);
      })
      .catch((error: unknown) => {
        console.error('[catalog] categories failed to load', error);
        if (live) setCategory(null);
      });
    return () => {
      live = false;
    };
  }, [id]);

  if (category === undefined) return <Spinner label="Loading category…" />;
  if (category === null) return <PageHeading title="Category not found" heading="Sorry, we couldn't find that category" />;
  return (
    <section data-page="category" data-category={category.id}>
      <PageHeading
        title={category.attrs?.meta_title || category.name}
        heading={category.name}
        description={category.attrs?.meta_description ?? undefined}
      />
    </section>
  );
}
