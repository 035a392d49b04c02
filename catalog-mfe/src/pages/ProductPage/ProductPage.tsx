import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiRequest, ApiError, PageHeading, Spinner } from '@shop/shared';

interface ProductSummary {
  id: number;
  sku: string;
  name: string;
  attrs?: { meta_title?: string | null; meta_description?: string | null } | null;
}

type State = { status: 'loading' } | { status: 'found'; product: ProductSummary } | { status: 'missing' };

/** The product page (reached through a URL rewrite or catalog/product/view/id/{id}). */
export default function ProductPage({ productId }: { productId?: number }) {
  const params = useParams();
  const id = productId ?? Number(params.productId);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    if (!Number.isInteger(id) || id <= 0) {
      setState({ status: 'missing' });
      return;
    }
    apiRequest(`/products/info/${id}`, { signal: controller.signal })
      .then((product) => setState({ status: 'found', product: product as ProductSummary }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError && error.status === 404)) console.error('[catalog] product failed to load', error);
        setState({ status: 'missing' });
      });
    return () => controller.abort();
  }, [id]);

  if (state.status === 'loading') return <Spinner label="Loading product…" />;
  if (state.status === 'missing') {
    return <PageHeading title="Product not found" heading="Sorry, we couldn't find that product" />;
  }
  const { product } = state;
  return (
    <article data-page="product" data-sku={product.sku}>
      <PageHeading
        title={product.attrs?.meta_title || product.name}
        heading={product.name}
        description={product.attrs?.meta_description ?? undefined}
      />
    </article>
  );
}
