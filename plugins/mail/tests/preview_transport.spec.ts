import { test } from '@japa/runner'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PreviewTransport } from '#plugins/mail/preview_transport'

test.group('Mail preview transport', () => {
  test('writes the full message to an .eml file and logs one line', async ({ assert, cleanup }) => {
    const directory = await mkdtemp(join(tmpdir(), 'mail-preview-'))
    cleanup(() => rm(directory, { recursive: true, force: true }))
    const lines: { bindings: Record<string, unknown>; message: string }[] = []
    const transport = new PreviewTransport({
      directory: join(directory, 'mail'),
      logger: { info: (bindings, message) => lines.push({ bindings, message }) },
    })

    const response = await transport.send({
      from: { address: 'no-reply@palletline.test', name: 'PalletLine' },
      to: [{ address: 'cora@example.test', name: 'Cora Driver' }],
      subject: 'Your PalletLine account is approved',
      text: 'Hello Cora,\n\nWelcome aboard.\n',
      html: '<p>Hello Cora,</p>',
    })

    const files = await readdir(join(directory, 'mail'))
    assert.lengthOf(files, 1)
    assert.match(files[0], /\.eml$/)
    const raw = await readFile(join(directory, 'mail', files[0]), 'utf8')
    assert.include(raw, 'From: PalletLine <no-reply@palletline.test>')
    assert.include(raw, 'To: Cora Driver <cora@example.test>')
    assert.include(raw, 'Subject: Your PalletLine account is approved')
    assert.include(raw, 'Content-Type: multipart/alternative')
    assert.include(raw, 'Hello Cora,')
    assert.include(raw, '<p>Hello Cora,</p>')
    assert.equal(response.original.file, join(directory, 'mail', files[0]))
    assert.deepEqual(response.envelope.to, ['cora@example.test'])
    assert.isString(response.messageId)
    assert.deepEqual(lines, [
      {
        bindings: {
          to: ['cora@example.test'],
          subject: 'Your PalletLine account is approved',
          messageId: response.messageId,
          file: response.original.file,
        },
        message: 'mail written to preview',
      },
    ])
  })
})
