import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { timestampMillis } from '#freight_board/services/freight_presenter'

test.group('Board row timestamps', () => {
  test('SQLite local-time text, with or without milliseconds, is read as local time', ({
    assert,
  }) => {
    const local = (text: string) => DateTime.fromFormat(text, 'yyyy-MM-dd HH:mm:ss.SSS').toMillis()
    assert.equal(timestampMillis('2026-03-08 01:30:00'), local('2026-03-08 01:30:00.000'))
    assert.equal(timestampMillis('2026-07-01 09:15:42.5'), local('2026-07-01 09:15:42.500'))
    assert.equal(timestampMillis('2026-07-01 09:15:42.123'), local('2026-07-01 09:15:42.123'))
    // Asked again, the same instant (remembered, not parsed twice).
    assert.equal(timestampMillis('2026-07-01 09:15:42.123'), local('2026-07-01 09:15:42.123'))
  })

  test('a Date (PostgreSQL), ISO text with an offset, epoch ms; nothing or garbage is null', ({
    assert,
  }) => {
    const at = Date.UTC(2026, 2, 2, 15, 0, 0)
    assert.equal(timestampMillis(new Date(at)), at)
    assert.equal(timestampMillis('2026-03-02T09:00:00-06:00'), at)
    assert.equal(timestampMillis(at), at)
    assert.isNull(timestampMillis(null))
    assert.isNull(timestampMillis(undefined))
    assert.isNull(timestampMillis('not a time'))
  })
})
