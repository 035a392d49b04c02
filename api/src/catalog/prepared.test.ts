import { useTestDb } from '../test/db';
import { preparedRows } from './prepared';

describe('preparedRows', () => {
  const t = useTestDb();
  const echo = { name: 'test_echo_v1', text: 'select $1::text as text, $2::integer as n, $3::integer[] as ids' };

  it.each([
    "plain",
    "o'brien",
    "'; drop table app_meta; --",
    'back\\slash \\\' and quote',
    '$1 $$ dollar $$',
    'ünïcödé 🙂',
    '',
  ])('passes %j through unchanged, on either driver', async (text) => {
    const [row] = await preparedRows<{ text: string; n: number; ids: number[] }>(t.db, echo, [
      { type: 'text', value: text },
      { type: 'int', value: -7 },
      { type: 'int[]', value: [3, 1, 2] },
    ]);
    expect(row).toEqual({ text, n: -7, ids: [3, 1, 2] });
  });

  it('applies its session settings', async () => {
    const query = { name: 'test_setting_v1', text: "select current_setting('pg_trgm.word_similarity_threshold') as v, $1::integer as n", settings: { 'pg_trgm.word_similarity_threshold': '0.45' } };
    const [row] = await preparedRows<{ v: string }>(t.db, query, [{ type: 'int', value: 1 }]);
    expect(Number(row!.v)).toBeCloseTo(0.45);
  });

  it('refuses arguments it cannot write safely', async () => {
    await expect(preparedRows(t.db, echo, [{ type: 'text', value: 'a\u0000b' }, { type: 'int', value: 1 }, { type: 'int[]', value: [] }])).rejects.toThrow();
    await expect(preparedRows(t.db, echo, [{ type: 'text', value: 'a' }, { type: 'int', value: 1.5 }, { type: 'int[]', value: [] }])).rejects.toThrow();
  });
});
