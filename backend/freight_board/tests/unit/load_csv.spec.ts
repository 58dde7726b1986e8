import { test } from '@japa/runner'
import { errors } from '@vinejs/vine'
import {
  exampleCsv,
  LOAD_CSV_COLUMNS,
  MAX_IMPORT_ROWS,
  parseLoadCsv,
} from '#freight_board/services/load_csv'
import { freightListingFormValidator } from '#freight_board/validators/freight_listing'

/** The 422's message for `csv`, or null when the text parsed. */
function csvMessage(text: string): string | null {
  try {
    parseLoadCsv(text)
    return null
  } catch (error) {
    if (!(error instanceof errors.E_VALIDATION_ERROR)) throw error
    const [first] = error.messages as { field: string; message: string }[]
    return `${first.field}: ${first.message}`
  }
}

test.group('Load CSV (docs/decisions/0248)', () => {
  test('the example parses, and each row passes the post-load form validator', async ({
    assert,
  }) => {
    const rows = parseLoadCsv(exampleCsv())
    assert.deepEqual(
      rows.map((r) => r.line),
      [2, 3]
    )
    for (const { form } of rows) await freightListingFormValidator.validate(form)
    assert.deepInclude(rows[1].form, {
      mode: 'LTL',
      price: 640,
      allow_offers: true,
      offer_floor_cents: 55000,
      dims: { l: 48, w: 40, h: 60 },
    })
    assert.deepEqual(rows[0].form.origin, {
      postal: '60601',
      city: null,
      state: null,
      address: null,
    })
  })

  test('a byte-order mark, CRLF, blank lines and quoted commas, quotes and line breaks', ({
    assert,
  }) => {
    const text =
      '\uFEFForigin_postal,destination_postal,price,notes\r\n' +
      '\r\n' +
      '60601,48201,1250,"Dock 4, north side"\r\n' +
      ',,,\r\n' +
      '\r\n' +
      '75201,77002,640.5,"Say ""fragile""\nand call"\r\n'
    const rows = parseLoadCsv(text)
    assert.deepEqual(
      rows.map((r) => r.line),
      [3, 7]
    )
    assert.equal(rows[0].form.notes, 'Dock 4, north side')
    assert.equal(rows[1].form.notes, 'Say "fragile"\nand call')
    assert.equal(rows[1].form.price, 640.5)
    // An omitted column is left to the form's default; an empty number cell is null.
    assert.notProperty(rows[0].form, 'equipment')
    assert.isNull(rows[0].form.dims)
  })

  test('cells the validator refuses reach it as typed, for its own message', async ({ assert }) => {
    const [row] = parseLoadCsv(
      'origin_postal,destination_postal,price,pallets,hazmat,equipment\n60601,48201,abc,2.5,maybe,truck\n'
    )
    const failure = await freightListingFormValidator.validate(row.form).catch((e) => e)
    const fields = (failure.messages as { field: string }[]).map((m) => m.field).sort()
    assert.deepEqual(fields, ['equipment', 'hazmat', 'pallets', 'price'])
  })

  test('a header that is wrong, a short line, an open quote, nothing, too much', ({ assert }) => {
    assert.match(
      csvMessage('origin_postal,destination,price\n1,2,3')!,
      /^csv: Unknown column "destination"/
    )
    assert.match(csvMessage('origin_postal,price\n60601,1')!, /no "destination_postal" column/)
    assert.match(
      csvMessage('origin_postal,destination_postal,price,price\n1,2,3,4')!,
      /"price" appears twice/
    )
    assert.match(
      csvMessage('origin_postal,destination_postal,price\n60601,48201\n')!,
      /^csv: Line 2: the line has a different number of cells/
    )
    assert.match(
      csvMessage('origin_postal,destination_postal,price\n60601,48201,"12\n')!,
      /a quote is not closed/
    )
    assert.match(csvMessage('')!, /The CSV is empty/)
    assert.match(csvMessage('origin_postal,destination_postal,price\r\n\r\n')!, /no loads/)
    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => '60601,48201,100').join('\n')
    assert.match(
      csvMessage(`origin_postal,destination_postal,price\n${many}`)!,
      new RegExp(`at most ${MAX_IMPORT_ROWS} loads`)
    )
    assert.isNull(
      csvMessage(
        LOAD_CSV_COLUMNS.map((c) => c.column.toUpperCase()).join(',') +
          '\n' +
          '60601,48201' +
          ','.repeat(LOAD_CSV_COLUMNS.length - 2)
      )
    )
  })
})
