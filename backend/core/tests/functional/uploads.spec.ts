import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { readdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import User from '#accounts/models/user'
import { baseUrl, resetDatabase } from '#tests/helpers'

/** Files of at least 1 MB in a folder (missing folder: none). */
async function bigFiles(folder: string): Promise<Set<string>> {
  const names = await readdir(folder).catch(() => [] as string[])
  const big = new Set<string>()
  for (const name of names) {
    const info = await stat(join(folder, name)).catch(() => null)
    if (info?.isFile() && info.size >= 1_000_000) big.add(join(folder, name))
  }
  return big
}

test.group('Multipart bodies', (group) => {
  group.each.setup(() => resetDatabase())

  for (const path of [
    '/api/register',
    '/api/login',
    '/api/analytics/events',
    '/api/webhooks/payments',
  ]) {
    test(`a 5 MB upload to ${path} is a 415 and leaves nothing on disk`, async ({ assert }) => {
      const folders = [app.tmpPath('uploads'), tmpdir()]
      const before = await Promise.all(folders.map(bigFiles))

      const form = new FormData()
      form.append('email', 'upload@example.test')
      form.append('file', new Blob([new Uint8Array(5 * 1024 * 1024)]), 'big.bin')
      const res = await fetch(baseUrl() + path, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: form,
      })
      assert.equal(res.status, 415)
      assert.deepEqual(await res.json(), { message: 'This endpoint does not accept file uploads' })

      const after = await Promise.all(folders.map(bigFiles))
      for (const [index, files] of after.entries()) {
        const created = [...files].filter((file) => !before[index].has(file))
        assert.deepEqual(created, [], `new files in ${folders[index]}`)
      }
      assert.equal(
        await User.query()
          .count('* as n')
          .first()
          .then((r) => Number(r!.$extras.n)),
        0
      )
    })
  }
})
