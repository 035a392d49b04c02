ALTER TABLE "product_documents" ADD COLUMN "basket_item" text;--> statement-breakpoint
-- The basket's products as stored JSON text (product_documents.basket_item): what pricing and the
-- basket's answer need of a product (BasketProduct in src/catalog/basket-products.ts) and the
-- configurable product it is a child of. The basket reads them on every add and view; building
-- them there cost about 0.3 ms of database time per add (tiers, options and their values, and
-- configurable options per product).
CREATE FUNCTION catalog_basket_items(ids integer[]) RETURNS TABLE (product_id integer, item text) LANGUAGE sql STABLE AS $$
  SELECT b.id, row_to_json(b)::text FROM (
    SELECT p.id, p.sku, p.name, p.type_id AS "typeId", p.status, p.website_ids AS "websiteIds",
      p.price_pence AS "pricePence", p.special_price_pence AS "specialPricePence", p.url_key AS "urlKey", p.image,
      p.weight_grams AS "weightGrams", coalesce(ps.pallet_only, false) AS "palletOnly",
      coalesce(s.qty, 0) AS "stockQty", coalesce(s.is_in_stock, false) AS "isInStock",
      coalesce((SELECT json_agg(json_build_object('customerGroupId', t.customer_group_id, 'qty', t.qty, 'valuePence', t.value_pence))
                FROM product_tier_prices t WHERE t.product_id = p.id), '[]'::json) AS tiers,
      coalesce((SELECT json_agg(json_build_object('id', o.id, 'title', o.title, 'type', o.type, 'isRequire', o.is_require,
                  'values', coalesce((SELECT json_agg(json_build_object('id', v.id, 'title', v.title, 'sku', v.sku, 'pricePence', v.price_pence)
                                       ORDER BY v.sort_order, v.id)
                                     FROM product_option_values v WHERE v.option_id = o.id), '[]'::json))
                  ORDER BY o.sort_order, o.id)
                FROM product_options o WHERE o.product_id = p.id), '[]'::json) AS options,
      coalesce((SELECT json_agg(json_build_object('attributeId', c.attribute_id, 'attributeCode', c.attribute_code,
                  'label', c.label, 'values', c.values) ORDER BY c.position, c.id)
                FROM product_configurable_options c WHERE c.product_id = p.id), '[]'::json) AS "configurableOptions",
      (SELECT json_build_object('parentId', cl.parent_id, 'optionValues', cl.option_values)
         FROM product_configurable_links cl WHERE cl.child_id = p.id ORDER BY cl.position, cl.parent_id LIMIT 1) AS "configurableParent"
    FROM products p
    LEFT JOIN product_stock s ON s.product_id = p.id
    LEFT JOIN product_shipping ps ON ps.product_id = p.id
    WHERE p.id = ANY(ids)
  ) b
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_basket_items_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE product_documents d SET basket_item = b.item FROM catalog_basket_items(ids) b WHERE d.product_id = b.product_id
$$;
--> statement-breakpoint
-- Marking products' documents stale (0010) now also builds their basket items again: 0010's
-- function keeps its body under a new name, and the trigger function calls the new one. Two
-- statements on purpose: the first locks the products' document rows, waiting for any other
-- transaction that holds them; the second reads the catalogue on a snapshot taken after that (each
-- statement of a volatile function takes its own in READ COMMITTED), so it sees every write
-- committed before ours. Built in one statement, two transactions changing one product at once (a
-- price and its stock) could each store the item without the other's change. A product's basket
-- item is made of its own rows (and its own configurable link) only, so `ids` suffice.
ALTER FUNCTION catalog_documents_stale(integer[]) RENAME TO catalog_documents_bump;
--> statement-breakpoint
CREATE FUNCTION catalog_documents_stale(ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT catalog_documents_bump(ids);
  SELECT catalog_basket_items_refresh(ids);
$$;
--> statement-breakpoint
-- A product's shipping row (pallet-only delivery) is part of its basket item.
CREATE TRIGGER product_shipping_documents_ins AFTER INSERT ON product_shipping REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_documents_stale_rows('SELECT product_id FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER product_shipping_documents_upd AFTER UPDATE ON product_shipping REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_documents_stale_rows('SELECT product_id FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER product_shipping_documents_del AFTER DELETE ON product_shipping REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_documents_stale_rows('SELECT product_id FROM %1$s');
--> statement-breakpoint
SELECT catalog_basket_items_refresh(coalesce((SELECT array_agg(product_id) FROM product_documents), '{}'));
