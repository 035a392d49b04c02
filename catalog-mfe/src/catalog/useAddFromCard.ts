import { useState } from 'react';
import { useNavigate } from '@shop/shared/router';
import { useBasket } from '@shop/shared';
import { loadProduct } from '../api/products';
import type { CardProduct } from '../components/ProductCard';
import { priceFor, useCustomerGroup } from './pricing';
import { isShown } from './visibility';

/**
 * Add to Basket from a product tile (quantity 1). The product is looked up first: one with a
 * required option is not added blind, the shopper is taken to its page to choose; the unit price
 * shown in the basket straight away is this customer's.
 */
export function useAddFromCard() {
  const basket = useBasket();
  const navigate = useNavigate();
  const group = useCustomerGroup();
  const [busy, setBusy] = useState(false);

  const add = async (card: CardProduct): Promise<boolean> => {
    setBusy(true);
    try {
      const product = await loadProduct(card.id).catch(() => null);
      if (product && !isShown(product)) return false;
      if (product && (product.type_id !== 'simple' || product.options.some((o) => o.is_require))) {
        navigate(card.url);
        return false;
      }
      return await basket.add({
        sku: card.sku,
        name: card.name,
        price: product ? priceFor(product, group).unit : card.price,
        qty: 1,
        image: card.image,
      });
    } finally {
      setBusy(false);
    }
  };
  return { add, busy };
}
