import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  adminCustomOptionsSchema,
  adminProductImagesSchema,
  adminProductStructureSchema,
  BACKOFFICE_MESSAGES,
  PRODUCT_IMAGE_LIMIT,
  STRUCTURE_MESSAGES,
  type AdminCustomOptions,
  type AdminProductImages,
  type CustomOptionsSaveRequest,
} from '@shop/shared/backoffice';
import { productInfoSchema, type ProductInfo } from '@shop/shared/schemas';
import { PRODUCT_IMAGE_SIZE, PRODUCT_THUMBNAIL_SIZE, productThumbnailOf } from '@shop/shared/shop';
import { nextIp, post as customerPost, tempDataDir } from '../customer/test-helpers';
import { queryRows } from '../db/client';
import { useSeededApp } from '../seed/testing';
import { staffPerRole, type SignedInStaff } from './test-helpers';

// The answer cache on (as in production): every write must drop it for the storefront to show it.
const t = useSeededApp({ catalogCacheTtlMs: 60_000, dataDir: tempDataDir() });

let owner: SignedInStaff, ordersStaff: SignedInStaff, catalogue: SignedInStaff, content: SignedInStaff;
beforeAll(async () => {
  ({ owner, orders: ordersStaff, catalogue, content } = await staffPerRole(t.app));
  await t.app.services.catalogChanges.ready();
});

const inject = (method: 'GET' | 'POST', url: string, who?: SignedInStaff, payload?: unknown, write = true) =>
  t.app.inject({
    method,
    url: `/admin-api${url}`,
    remoteAddress: nextIp(),
    headers: who ? (method === 'POST' && write ? who.write : { cookie: who.cookie }) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const upload = (id: number, body: Buffer, type: string, who: SignedInStaff = catalogue, write = true) =>
  t.app.inject({ method: 'POST', url: `/admin-api/products/${id}/images`, remoteAddress: nextIp(), headers: { ...(write ? who.write : { cookie: who.cookie }), 'content-type': type }, payload: body });
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png', background = '#1f5f99') =>
  sharp({ create: { width, height, channels: 3, background } })[format]().toBuffer();

async function storefront(id: number): Promise<ProductInfo> {
  const res = await t.app.inject({ url: `/api/products/info/${id}`, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  return productInfoSchema.parse(res.json());
}
/** The storefront's answer once `check` holds, within 2 s (the promise of the issue). */
async function within2s<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() - start > 2000) throw new Error(`not within 2 s: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const activityOf = (id: number) =>
  queryRows<{ staff_email: string; action: string; before: unknown; after: unknown }>(
    t.db,
    sql`select staff_email, action, before, after from staff_activity where target_type = 'product' and target_id = ${String(id)} order by id`,
  );
const firstOf = async (where: ReturnType<typeof sql>) => (await queryRows<{ id: number; sku: string }>(t.db, sql`select p.id, p.sku from products p where ${where} order by p.id limit 1`))[0]!;
const simpleProduct = (skip = 0) =>
  queryRows<{ id: number; sku: string }>(
    t.db,
    sql`select p.id, p.sku from products p where p.type_id = 'simple' and p.status = 1 and p.visibility = 4
        and not exists (select 1 from product_configurable_links l where l.child_id = p.id) order by p.id offset ${skip} limit 1`,
  ).then((rows) => rows[0]!);

describe('roles, on every route', () => {
  const routes: Array<[string, 'GET' | 'POST', string, unknown]> = [
    ['GET images', 'GET', '/products/1/images', undefined],
    ['POST images/save', 'POST', '/products/1/images/save', { images: [] }],
    ['GET structure', 'GET', '/products/1/structure', undefined],
    ['POST children', 'POST', '/products/1/children', { sku: 'X', optionValues: {} }],
    ['POST children unlink', 'POST', '/products/1/children/2/unlink', {}],
    ['POST associated', 'POST', '/products/1/associated', { sku: 'X' }],
    ['POST associated remove', 'POST', '/products/1/associated/2/remove', {}],
    ['POST associated order', 'POST', '/products/1/associated/order', { ids: [] }],
    ['GET options', 'GET', '/products/1/options', undefined],
    ['POST options', 'POST', '/products/1/options', { options: [] }],
  ];
  it.each(routes)('%s: signed out 401, orders and content 403, a write without the CSRF token 403', async (_name, method, url, body) => {
    expect((await inject(method, url, undefined, body)).statusCode).toBe(401);
    for (const member of [ordersStaff, content]) {
      const res = await inject(method, url, member, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BACKOFFICE_MESSAGES.noPermission);
    }
    if (method === 'POST') expect((await inject(method, url, catalogue, body, false)).json().message).toBe(BACKOFFICE_MESSAGES.csrf);
  });
  it('the upload: signed out 401, content 403, no CSRF token 403; owner and catalogue may', async () => {
    const png = await picture(400, 400);
    const p = await simpleProduct(5);
    expect((await t.app.inject({ method: 'POST', url: `/admin-api/products/${p.id}/images`, remoteAddress: nextIp(), headers: { 'content-type': 'image/png' }, payload: png })).statusCode).toBe(401);
    expect((await upload(p.id, png, 'image/png', content)).statusCode).toBe(403);
    expect((await upload(p.id, png, 'image/png', catalogue, false)).statusCode).toBe(403);
    expect((await upload(p.id, png, 'image/png', owner)).statusCode).toBe(200);
    expect((await inject('GET', `/products/${p.id}/images`, owner)).statusCode).toBe(200);
    for (const path of ['images', 'options', 'structure']) expect((await inject('GET', `/products/99999999/${path}`, owner)).statusCode).toBe(404);
    expect((await upload(99999999, png, 'image/png')).statusCode).toBe(404);
  });
});

describe('pictures', () => {
  it('an upload is resized to the storefront’s sizes, added last, and ordered, labelled and removed with one save; live within 2 s, logged', async () => {
    const p = await simpleProduct(0);
    const before = adminProductImagesSchema.parse((await inject('GET', `/products/${p.id}/images`, catalogue)).json());
    // A wide JPEG whose declared type is wrong: the content decides.
    const res = await upload(p.id, await picture(1600, 900, 'jpeg', '#c03030'), 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const added: AdminProductImages = adminProductImagesSchema.parse(res.json());
    expect(added.items).toHaveLength(before.items.length + 1);
    const uploaded = added.items.at(-1)!;
    expect(uploaded.file).toMatch(/^\/media\/uploads\/products\/[0-9a-f]{24}\.webp$/);
    for (const [file, side] of [
      [uploaded.file, PRODUCT_IMAGE_SIZE],
      [productThumbnailOf(uploaded.file), PRODUCT_THUMBNAIL_SIZE],
    ] as const) {
      const served = await t.app.inject({ url: file });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      // Square, the whole picture fitted (never cropped).
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: side, height: side });
    }

    // Moved first, with alt text; the old first picture removed.
    const removed = before.items[0];
    const order = [{ id: uploaded.id, label: '  A red roll of membrane  ' }, ...added.items.slice(1, -1).map((m) => ({ id: m.id, label: m.label }))];
    const saved = await inject('POST', `/products/${p.id}/images/save`, catalogue, { images: order });
    expect(saved.statusCode).toBe(200);
    const after = adminProductImagesSchema.parse(saved.json());
    expect(after.items[0]).toMatchObject({ id: uploaded.id, label: 'A red roll of membrane', position: 1 });
    if (removed) expect(after.items.some((m) => m.id === removed.id)).toBe(false);

    const info = await within2s(() => storefront(p.id), (i) => i.media_gallery_entries[0]?.file === uploaded.file);
    expect(info.media_gallery_entries[0]).toMatchObject({ label: 'A red roll of membrane', types: ['image', 'small_image', 'thumbnail'] });
    expect(info.attrs.image).toBe(uploaded.file);
    // The listing card (search answers the listing item) shows it as the main image.
    const found = await t.app.inject({ url: `/api/products/search?q=${encodeURIComponent(p.sku)}&page=1&pageSize=5`, remoteAddress: nextIp() });
    expect((found.json() as { items: Array<{ sku: string; image: string | null }> }).items.find((i) => i.sku === p.sku)?.image).toBe(uploaded.file);

    const log = await activityOf(p.id);
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['product.image.add', 'product.images']));
    expect(log.at(-1)).toMatchObject({ staff_email: catalogue.email, action: 'product.images' });

    // All removed: no main image (the storefront shows its placeholder).
    expect((await inject('POST', `/products/${p.id}/images/save`, catalogue, { images: [] })).statusCode).toBe(200);
    const empty = await within2s(() => storefront(p.id), (i) => i.media_gallery_entries.length === 0);
    expect(empty.attrs.image).toBeNull();
  });

  it('refuses what is not a usable picture, in words naming the field, and writes nothing', async () => {
    const p = await simpleProduct(1);
    const before = (await inject('GET', `/products/${p.id}/images`, catalogue)).body;
    const cases: Array<[Buffer, string, number, string]> = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'), 'image/png', 400, STRUCTURE_MESSAGES.notImage],
      [Buffer.from('GIF89a not really'), 'image/gif', 400, STRUCTURE_MESSAGES.notImage],
      [await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } }).gif().toBuffer(), 'image/gif', 400, STRUCTURE_MESSAGES.notImage],
      [Buffer.from('{"a":1}'), 'application/json', 400, STRUCTURE_MESSAGES.notImage],
      [(await picture(800, 800, 'jpeg')).subarray(0, 200), 'image/jpeg', 400, STRUCTURE_MESSAGES.notImage],
      [await picture(150, 600), 'image/png', 400, STRUCTURE_MESSAGES.imageTooSmall],
      [Buffer.alloc(PRODUCT_IMAGE_LIMIT + 1), 'image/png', 413, STRUCTURE_MESSAGES.imageTooLarge],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await upload(p.id, body, type);
      expect({ type, status: res.statusCode, body: res.json() }).toMatchObject({ type, status, body: { field: 'image', message } });
    }
    expect((await inject('GET', `/products/${p.id}/images`, catalogue)).body).toBe(before);
  });

  it('a save naming a picture the product does not have, twice, or alt text too long is refused and changes nothing', async () => {
    const p = await simpleProduct(2);
    await upload(p.id, await picture(500, 500, 'webp', '#30c030'), 'image/webp');
    const current = adminProductImagesSchema.parse((await inject('GET', `/products/${p.id}/images`, catalogue)).json());
    const [other] = await queryRows<{ id: number }>(t.db, sql`select id from product_media where product_id <> ${p.id} limit 1`);
    const ids = current.items.map((m) => ({ id: m.id, label: m.label }));
    const cases: Array<[unknown, string, string]> = [
      [{ images: [...ids, { id: other!.id, label: '' }] }, 'images', STRUCTURE_MESSAGES.imagesChanged],
      [{ images: [...ids, ids[0]] }, 'images', STRUCTURE_MESSAGES.imagesChanged],
      [{ images: [{ id: ids[0]!.id, label: 'x'.repeat(201) }] }, 'images.0.label', STRUCTURE_MESSAGES.alt],
    ];
    for (const [body, field, message] of cases) {
      const res = await inject('POST', `/products/${p.id}/images/save`, catalogue, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field });
      expect(res.json().message).toContain(message);
    }
    expect(adminProductImagesSchema.parse((await inject('GET', `/products/${p.id}/images`, catalogue)).json())).toEqual(current);
  });
});

describe('configurable products', () => {
  it('lists the children with their option values, unlinks one and links it again; the storefront’s options follow within 2 s', async () => {
    const parent = await firstOf(sql`p.type_id = 'configurable' and p.status = 1 and (select count(*) from product_configurable_links l where l.parent_id = p.id) >= 2`);
    const structure = adminProductStructureSchema.parse((await inject('GET', `/products/${parent.id}/structure`, catalogue)).json());
    expect(structure.type_id).toBe('configurable');
    expect(structure.configurable_options.length).toBeGreaterThan(0);
    const [child, sibling] = structure.children;
    const option = structure.configurable_options[0]!;
    expect(child!.option_labels[option.label]).toBe(option.values.find((v) => v.value_index === child!.option_values[String(option.attribute_id)])!.label);
    expect(child).toMatchObject({ enabled: expect.any(Boolean), price_pence: expect.any(Number), qty: expect.any(Number) });

    let res = await inject('POST', `/products/${parent.id}/children/${child!.id}/unlink`, catalogue, {});
    expect(res.statusCode).toBe(200);
    expect(adminProductStructureSchema.parse(res.json()).children.map((c) => c.id)).not.toContain(child!.id);
    await within2s(() => storefront(parent.id), (i) => !(i.children ?? []).some((c) => c.id === child!.id));

    // Refusals, each naming its field; nothing linked.
    const cases: Array<[unknown, string, string]> = [
      [{ sku: 'NO-SUCH-SKU-1', optionValues: child!.option_values }, 'sku', STRUCTURE_MESSAGES.childSku],
      [{ sku: parent.sku, optionValues: child!.option_values }, 'sku', STRUCTURE_MESSAGES.childNotSimple],
      [{ sku: sibling!.sku, optionValues: child!.option_values }, 'sku', STRUCTURE_MESSAGES.childAlready],
      [{ sku: child!.sku, optionValues: {} }, `optionValues.${option.attribute_id}`, STRUCTURE_MESSAGES.childValue],
      [{ sku: child!.sku, optionValues: { ...child!.option_values, [String(option.attribute_id)]: 987654 } }, `optionValues.${option.attribute_id}`, STRUCTURE_MESSAGES.childValue],
      [{ sku: child!.sku, optionValues: { ...child!.option_values, 424242: 1 } }, 'optionValues.424242', STRUCTURE_MESSAGES.childValue],
      [{ sku: child!.sku, optionValues: sibling!.option_values }, 'optionValues', STRUCTURE_MESSAGES.childValuesTaken],
    ];
    for (const [body, field, message] of cases) {
      res = await inject('POST', `/products/${parent.id}/children`, catalogue, body);
      expect({ body, status: res.statusCode, answer: res.json() }).toMatchObject({ status: 400, answer: { field, message } });
    }
    const simple = await simpleProduct(3);
    const notConfigurable = await inject('POST', `/products/${simple.id}/children`, catalogue, { sku: child!.sku, optionValues: child!.option_values });
    expect(notConfigurable.json()).toMatchObject({ field: 'sku', message: STRUCTURE_MESSAGES.notConfigurable });
    expect((await inject('POST', `/products/${parent.id}/children/${child!.id}/unlink`, catalogue, {})).json()).toMatchObject({ field: 'childId', message: STRUCTURE_MESSAGES.notChild });

    res = await inject('POST', `/products/${parent.id}/children`, owner, { sku: child!.sku, optionValues: child!.option_values });
    expect(res.statusCode).toBe(200);
    expect(adminProductStructureSchema.parse(res.json()).children.map((c) => c.id)).toContain(child!.id);
    const info = await within2s(() => storefront(parent.id), (i) => (i.children ?? []).some((c) => c.id === child!.id));
    expect(info.extension_attributes.configurable_product_links).toContain(child!.id);
    expect((await activityOf(parent.id)).map((l) => l.action).slice(-2)).toEqual(['product.child.unlink', 'product.child.link']);
  });
});

describe('grouped products', () => {
  it('adds a simple product by SKU, reorders and removes; the storefront’s grouped table follows within 2 s; refusals name the field', async () => {
    const group = await firstOf(sql`p.type_id = 'grouped' and p.status = 1`);
    const before = adminProductStructureSchema.parse((await inject('GET', `/products/${group.id}/structure`, catalogue)).json());
    expect(before.type_id).toBe('grouped');
    const item = await simpleProduct(4);
    let res = await inject('POST', `/products/${group.id}/associated`, catalogue, { sku: ` ${item.sku} ` });
    expect(res.statusCode).toBe(200);
    let after = adminProductStructureSchema.parse(res.json());
    expect(after.associated.at(-1)!.id).toBe(item.id);
    const linked = (i: ProductInfo) => i.product_links.filter((l) => l.link_type === 'associated').map((l) => l.linked_product_sku);
    await within2s(() => storefront(group.id), (i) => linked(i).at(-1) === item.sku);

    // Reordered: the new item first.
    const order = [item.id, ...before.associated.map((a) => a.id)];
    res = await inject('POST', `/products/${group.id}/associated/order`, catalogue, { ids: order });
    expect(adminProductStructureSchema.parse(res.json()).associated.map((a) => a.id)).toEqual(order);
    await within2s(() => storefront(group.id), (i) => linked(i)[0] === item.sku);

    const configurable = await firstOf(sql`p.type_id = 'configurable'`);
    const cases: Array<[string, unknown, string, string]> = [
      ['associated', { sku: 'NO-SUCH-SKU-2' }, 'sku', STRUCTURE_MESSAGES.groupedSku],
      ['associated', { sku: configurable.sku }, 'sku', STRUCTURE_MESSAGES.groupedSimpleOnly],
      ['associated', { sku: item.sku }, 'sku', STRUCTURE_MESSAGES.groupedAlready],
      ['associated/order', { ids: order.slice(1) }, 'ids', STRUCTURE_MESSAGES.groupedChanged],
      ['associated/order', { ids: [...order.slice(1), order[1]] }, 'ids', STRUCTURE_MESSAGES.groupedChanged],
      [`associated/${configurable.id}/remove`, {}, 'itemId', STRUCTURE_MESSAGES.groupedChanged],
    ];
    for (const [path, body, field, message] of cases) {
      res = await inject('POST', `/products/${group.id}/${path}`, catalogue, body);
      expect({ path, status: res.statusCode, answer: res.json() }).toMatchObject({ path, status: 400, answer: { field, message } });
    }
    expect((await inject('POST', `/products/${item.id}/associated`, catalogue, { sku: item.sku })).json()).toMatchObject({ field: 'sku', message: STRUCTURE_MESSAGES.notGrouped });

    res = await inject('POST', `/products/${group.id}/associated/${item.id}/remove`, catalogue, {});
    after = adminProductStructureSchema.parse(res.json());
    expect(after.associated.map((a) => a.id)).toEqual(before.associated.map((a) => a.id));
    await within2s(() => storefront(group.id), (i) => !linked(i).includes(item.sku));
    expect((await activityOf(group.id)).map((l) => l.action).slice(-3)).toEqual(['product.grouped.add', 'product.grouped.order', 'product.grouped.remove']);
  });
});

describe('custom options', () => {
  const request = (o: AdminCustomOptions): CustomOptionsSaveRequest => ({
    options: o.options.map((x) => ({ id: x.id, title: x.title, type: x.type as 'drop_down', required: x.required, values: x.values.map((v) => ({ id: v.id, title: v.title, pricePence: v.pricePence })) })),
  });

  it('adds, edits and removes options; the product page shows them and the basket prices them; ids are kept', async () => {
    const p = await simpleProduct(6);
    let res = await inject('POST', `/products/${p.id}/options`, catalogue, {
      options: [
        { title: 'Roll width', type: 'drop_down', required: true, values: [{ title: '1m', pricePence: 0 }, { title: '2m', pricePence: 1250 }] },
        { title: 'Fixing kit', type: 'checkbox', required: false, values: [{ title: 'Add a fixing kit', pricePence: 999 }] },
      ],
    });
    expect(res.statusCode).toBe(200);
    let saved = adminCustomOptionsSchema.parse(res.json());
    expect(saved.options.map((o) => [o.title, o.values.map((v) => v.title)])).toEqual([
      ['Roll width', ['1m', '2m']],
      ['Fixing kit', ['Add a fixing kit']],
    ]);
    const info = await within2s(() => storefront(p.id), (i) => i.options.length === 2);
    expect(info.options[0]).toMatchObject({ title: 'Roll width', is_require: true });

    // A basket line chooses 2m: its price is the product's plus £12.50.
    const base = info.attrs.special_price ?? info.price;
    const cartId = ((await customerPost(t.app, '/api/cart/guest/create')).json() as { cartId: string }).cartId;
    const width = saved.options[0]!;
    res = await customerPost(t.app, '/api/cart/add', { cartId, productSku: p.sku, quantity: 1, productOptions: { custom_options: [{ option_id: width.id, option_value: String(width.values[1]!.id) }] } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { items: Array<{ price: number }> }).items[0]!.price).toBeCloseTo(Number(base) + 12.5, 2);

    // Edited: 2m costs £15; the kit removed. The option and its kept value keep their ids.
    const edited = request(saved);
    edited.options[0]!.values[1]!.pricePence = 1500;
    edited.options.pop();
    res = await inject('POST', `/products/${p.id}/options`, catalogue, edited);
    saved = adminCustomOptionsSchema.parse(res.json());
    expect(saved.options).toHaveLength(1);
    expect(saved.options[0]!.id).toBe(width.id);
    expect(saved.options[0]!.values.map((v) => v.id)).toEqual(width.values.map((v) => v.id));
    await within2s(() => storefront(p.id), (i) => i.options.length === 1);
    // The basket that chose 2m is priced at the new price.
    res = await customerPost(t.app, '/api/cart', { cartId });
    expect((res.json() as { items: Array<{ price: number }> }).items[0]!.price).toBeCloseTo(Number(base) + 15, 2);
    expect((await activityOf(p.id)).at(-1)).toMatchObject({ action: 'product.options', staff_email: catalogue.email });

    res = await inject('POST', `/products/${p.id}/options`, catalogue, { options: [] });
    expect(adminCustomOptionsSchema.parse(res.json()).options).toEqual([]);
    await within2s(() => storefront(p.id), (i) => i.options.length === 0);
  });

  it('an option with no values, a value without a title or with a bad price, or an id of another product is refused; nothing saved', async () => {
    const p = await simpleProduct(7);
    const before = (await inject('GET', `/products/${p.id}/options`, catalogue)).body;
    const [foreign] = await queryRows<{ id: number }>(t.db, sql`select id from product_options where product_id <> ${p.id} limit 1`);
    const value = { title: 'Standard', pricePence: 0 };
    const option = { title: 'Size', type: 'drop_down', required: true, values: [value] };
    const cases: Array<[unknown, string, string]> = [
      [{ options: [{ ...option, values: [] }] }, 'options.0.values', STRUCTURE_MESSAGES.optionNoValues],
      [{ options: [option, { ...option, values: [value, { title: '  ', pricePence: 100 }] }] }, 'options.1.values.1.title', STRUCTURE_MESSAGES.valueTitle],
      [{ options: [{ ...option, title: '' }] }, 'options.0.title', STRUCTURE_MESSAGES.optionTitle],
      [{ options: [{ ...option, type: 'field' }] }, 'options.0.type', STRUCTURE_MESSAGES.optionType],
      [{ options: [{ ...option, values: [{ title: 'x', pricePence: -1 }] }] }, 'options.0.values.0.pricePence', STRUCTURE_MESSAGES.valuePrice],
      [{ options: [{ ...option, id: foreign!.id }] }, 'options.0.id', STRUCTURE_MESSAGES.optionsChanged],
    ];
    for (const [body, field, message] of cases) {
      const res = await inject('POST', `/products/${p.id}/options`, catalogue, body);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
      expect(res.json().field).toBe(field);
      expect(res.json().message).toContain(message);
    }
    expect((await inject('GET', `/products/${p.id}/options`, catalogue)).body).toBe(before);
  });
});
