import { test } from '@japa/runner'
import { searchCache, type CachedSearch } from '#marketplace/services/search_cache'

/** Searches that finish when told, counting how many were started. */
function searches() {
  const started: (() => void)[] = []
  return {
    started,
    search: (label: string) => () =>
      new Promise<CachedSearch>((resolve) =>
        started.push(() =>
          resolve({ json: Buffer.from(label), total: 1, page: 1, perPage: 20, nextPage: null })
        )
      ),
  }
}

test.group('Search cache: one search per question at a time', (group) => {
  group.each.setup(() => {
    searchCache.configure(60_000)
    return () => searchCache.configure(0)
  })

  test('requests that miss at once share one search, and its answer is stored', async ({
    assert,
  }) => {
    const { started, search } = searches()
    const stamp = searchCache.stamp()
    const misses = Array.from({ length: 20 }, () =>
      searchCache.shared('chicago-detroit', 'v1', stamp, search('a'))
    )
    assert.lengthOf(started, 1)
    started[0]()
    const answers = await Promise.all(misses)
    assert.lengthOf(new Set(answers), 1)
    assert.equal(searchCache.get('chicago-detroit', 'v1')?.json.toString(), 'a')
  })

  test('a search begun under another version or before a change is not joined', async ({
    assert,
  }) => {
    const { started, search } = searches()
    const stamp = searchCache.stamp()
    const old = searchCache.shared('k', 'v1', stamp, search('old'))
    const newer = searchCache.shared('k', 'v2', stamp, search('newer'))
    assert.lengthOf(started, 2)
    searchCache.forget()
    const after = searchCache.shared('k', 'v2', searchCache.stamp(), search('after'))
    assert.lengthOf(started, 3)
    started.forEach((finish) => finish())
    assert.equal((await old).json.toString(), 'old')
    assert.equal((await newer).json.toString(), 'newer')
    assert.equal((await after).json.toString(), 'after')
    // Only the search begun after the change is stored.
    assert.equal(searchCache.get('k', 'v2')?.json.toString(), 'after')
  })

  test('a failed search is not stored and the next miss searches again', async ({ assert }) => {
    let calls = 0
    const failing = () => {
      calls++
      return Promise.reject(new Error('Pickup address not found'))
    }
    const stamp = searchCache.stamp()
    await assert.rejects(() => searchCache.shared('bad', 'v1', stamp, failing))
    await assert.rejects(() => searchCache.shared('bad', 'v1', stamp, failing))
    assert.equal(calls, 2)
    assert.isNull(searchCache.get('bad', 'v1'))
  })
})
