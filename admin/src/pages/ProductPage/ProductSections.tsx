import type { AdminProductDetail } from '@shop/shared/backoffice';
import { CustomOptions } from './CustomOptions';
import { ProductChildren } from './ProductChildren';
import { ProductImages } from './ProductImages';

/** The sections beside the main form, each loading and saving on its own. */
export function ProductSections({ product }: { product: AdminProductDetail }) {
  return (
    <>
      <ProductImages productId={product.id} />
      {product.type_id !== 'simple' && <ProductChildren productId={product.id} />}
      {product.type_id !== 'grouped' && <CustomOptions productId={product.id} />}
    </>
  );
}
