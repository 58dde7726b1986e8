import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Helpers for work done a batch at a time (payouts, docs/decisions/0111): many provider calls
 * with a bound on how many run at once, and one UPDATE that sets a different value per row.
 */

/**
 * Runs `work` on every item with at most `limit` calls in flight, answering the results in the
 * items' order. A call that throws rejects the whole map: callers that must not lose the other
 * results catch inside `work`.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane))
  return results
}

/**
 * `CASE id WHEN ? THEN ? ... END`: the value for each row id, for a single multi-row UPDATE
 * (`update({ column: caseById(client, pairs) })` with `whereIn('id', ids)`).
 */
export function caseById(
  client: QueryClientContract | TransactionClientContract,
  pairs: readonly (readonly [number, string | number])[]
) {
  const sql = `CASE id ${pairs.map(() => 'WHEN ? THEN ?').join(' ')} END`
  return client.knexRawQuery(
    sql,
    pairs.flatMap(([id, value]) => [id, value])
  )
}
