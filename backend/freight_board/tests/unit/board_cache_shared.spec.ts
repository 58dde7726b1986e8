import { test } from '@japa/runner'
import { boardCache } from '#freight_board/services/board_cache'

/** A build that finishes when told, counting how many were started. */
function builds() {
  const started: ((value: string) => void)[] = []
  return {
    started,
    make: (label: string) => (stamp: number) =>
      new Promise<string>((resolve) => started.push(() => resolve(`${label}@${stamp}`))),
  }
}

test.group('Board cache: one database read per key at a time', (group) => {
  group.each.setup(() => {
    boardCache.configure(60_000)
    return () => boardCache.configure(0)
  })

  test('reads that miss at once share one build', async ({ assert }) => {
    const { started, make } = builds()
    const reads = Array.from({ length: 20 }, () => boardCache.shared('page:a', make('a')))
    assert.lengthOf(started, 1)
    started[0]('')
    const answers = await Promise.all(reads)
    assert.lengthOf(new Set(answers), 1)
    // Once it is done, the next miss builds again.
    void boardCache.shared('page:a', make('a'))
    assert.lengthOf(started, 2)
  })

  test('a build begun before a change is not joined; other keys build on their own', async ({
    assert,
  }) => {
    const { started, make } = builds()
    const before = boardCache.shared('page:a', make('a'))
    void boardCache.shared('page:b', make('b'))
    assert.lengthOf(started, 2)
    boardCache.invalidate()
    const after = boardCache.shared('page:a', make('a'))
    assert.lengthOf(started, 3)
    started.forEach((finish) => finish(''))
    assert.notEqual(await before, await after)
    assert.match(await after, /^a@\d+$/)
  })
})
