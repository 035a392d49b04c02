import { Link } from 'react-router-dom';
import { adminCategoryOptionsSchema, adminProductsAnswerSchema } from '@shop/shared/backoffice';
import { call } from '../../api';
import { pence } from '../../money';
import ui from '../../ui.module.css';
import { Pager } from '../../Pager';
import { useFilteredList } from '../../useFilteredList';
import { useLoad } from '../../useLoad';

const FILTERS = ['q', 'status', 'stock', 'type', 'category'] as const;

/** Products by name: search by name or SKU; filter by status, stock state, type and category. */
export function ProductsPage() {
  const { params, page, pages, data, error, search, go } = useFilteredList(FILTERS, (query) => call(adminProductsAnswerSchema, 'GET', `/products?${query}`));
  const categories = useLoad(() => call(adminCategoryOptionsSchema, 'GET', '/products/categories'), []).data;

  return (
    <div className={ui.page}>
      <h1 className={ui.heading}>Products</h1>
      <p className={ui.row}>
        <Link className={ui.button} to="/products/new">New product</Link>
        <Link to="/products/import">Import and export (CSV)</Link>
      </p>
      <form
        className={`${ui.card} ${ui.row}`}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(e.currentTarget);
        }}
      >
        <div className={ui.field}>
          <label htmlFor="q">Name or SKU</label>
          <input id="q" name="q" type="search" defaultValue={params.get('q') ?? ''} />
        </div>
        <div className={ui.field}>
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">Any</option>
            <option value="enabled">Enabled</option>
            <option value="disabled">Disabled</option>
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="stock">Stock</label>
          <select id="stock" name="stock" defaultValue={params.get('stock') ?? ''}>
            <option value="">Any</option>
            <option value="in_stock">In stock</option>
            <option value="out_of_stock">Out of stock</option>
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="type">Type</label>
          <select id="type" name="type" defaultValue={params.get('type') ?? ''}>
            <option value="">Any</option>
            <option value="simple">Simple</option>
            <option value="configurable">Configurable</option>
            <option value="grouped">Grouped</option>
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="category">Category</label>
          {/* Keyed by the options, so the address's choice shows once they arrive. */}
          <select id="category" name="category" key={categories ? 'loaded' : 'loading'} defaultValue={params.get('category') ?? ''}>
            <option value="">Any</option>
            {categories?.items.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <button className={ui.button} type="submit">
          Search
        </button>
      </form>
      {error && <p className={ui.error} role="alert">{error}</p>}
      {data && (
        <>
          <p className={ui.muted}>{data.totalCount} {data.totalCount === 1 ? 'product' : 'products'}</p>
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th>Name</th>
                  <th>SKU</th>
                  <th>Type</th>
                  <th>Status</th>
                  <th className={ui.num}>Price ex VAT</th>
                  <th className={ui.num}>Special</th>
                  <th className={ui.num}>Stock</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link to={`/products/${p.id}`}>{p.name}</Link>
                      {p.visibility === 1 && <span className={ui.muted}> (variant)</span>}
                    </td>
                    <td>{p.sku}</td>
                    <td>{p.type_id}</td>
                    <td><span className={ui.badge}>{p.enabled ? 'enabled' : 'disabled'}</span></td>
                    <td className={ui.num}>{pence(p.price_pence)}</td>
                    <td className={ui.num}>{p.special_price_pence === null ? '' : pence(p.special_price_pence)}</td>
                    <td className={ui.num}>
                      {p.qty} <span className={ui.badge}>{p.stock_state === 'in_stock' ? 'in stock' : 'out of stock'}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.items.length === 0 && <p>No products match.</p>}
          <Pager page={page} pages={pages} go={go} back="Previous" forward="Next" />
        </>
      )}
    </div>
  );
}
