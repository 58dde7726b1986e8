import { test } from '@japa/runner'
import { acceptsGzip } from '#freight_board/services/board_cache'

test.group('Accept-Encoding: gzip for the board page', () => {
  test('{0} → {1}')
    .with([
      [undefined, false],
      ['', false],
      ['gzip', true],
      ['gzip, deflate, br', true],
      ['br;q=1.0, GZIP;q=0.5', true],
      ['deflate, br', false],
      ['gzip;q=0', false],
      ['gzip; q=0.000', false],
      ['x-gzip', false],
      ['identity', false],
    ] as const)
    .run(({ assert }, [header, expected]) => {
      assert.equal(acceptsGzip(header), expected)
    })
})
