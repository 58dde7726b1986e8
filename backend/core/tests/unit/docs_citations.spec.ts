import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

/*
 * Every requirement, guide and habit the code cites lives in the repository (docs/decisions/0194):
 * the specification is docs/spec.md (cited `docs/spec.md §N`), the architecture
 * docs/architecture.md (cited by a heading), the style docs/style.md. A citation of the source
 * documents kept outside the repository is one a reader cannot follow, so no file the
 * repository holds (committed, or new and not ignored) may carry one.
 */

/** What a citation of a document outside the repository looks like. */
const OUTSIDE: { what: string; pattern: RegExp }[] = [
  { what: 'the specification file', pattern: /\bSPEC\.md\b/g },
  { what: 'a point of the specification', pattern: /\bspec\s+points?\s+\d/gi },
  { what: 'the specification by name', pattern: /\bSPEC\b/g },
  { what: 'the architecture guide', pattern: /\bARCHITECTURE\.md\b/g },
  { what: 'the style guide', pattern: /\bSTYLE\.md\b/g },
  { what: 'the stack notes', pattern: /\bSTACK-NOTES\b/g },
  { what: 'a path outside the checkout', pattern: /\/work\/shared\b/g },
]

/** The carried specification itself, and this test, which spells the patterns out. */
const EXEMPT = new Set(['docs/spec.md', 'backend/core/tests/unit/docs_citations.spec.ts'])

/** The citations of outside documents in one file's text, as `path:line what: text`. */
function outsideCitations(path: string, text: string) {
  const found: string[] = []
  const seen = new Set<number>()
  for (const { what, pattern } of OUTSIDE) {
    for (const match of text.matchAll(pattern)) {
      // One citation, one finding: `SPEC point 5` is not also reported as `SPEC`.
      if (seen.has(match.index)) continue
      seen.add(match.index)
      const line = text.slice(0, match.index).split('\n').length
      found.push(`${path}:${line} cites ${what}: ${JSON.stringify(match[0])}`)
    }
  }
  return found
}

/** Every file the repository holds: tracked, plus new files git does not ignore. */
function repositoryFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: app.makePath(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }
  )
  return [...new Set(listed.split('\0').filter(Boolean))]
}

test.group('Citations stay inside the repository', () => {
  test('no file cites the specification, architecture or style guide outside it', ({ assert }) => {
    const files = repositoryFiles()
    assert.isAbove(files.length, 500, 'the repository is listed')
    const citations = files.flatMap((path) => {
      if (EXEMPT.has(path) || path.split('/').includes('node_modules')) return []
      const absolute = app.makePath(path)
      if (!existsSync(absolute)) return []
      const text = readFileSync(absolute, 'utf8')
      if (text.includes('\u0000')) return []
      return outsideCitations(path, text)
    })
    assert.deepEqual(
      citations,
      [],
      'cite docs/spec.md §N, docs/architecture.md "<heading>" or docs/style.md instead'
    )
  })

  test('the reader finds each form of outside citation, and not the in-repository ones', ({
    assert,
  }) => {
    const outside = [
      'see SPEC point 7',
      'Spec point 9: 2 free days',
      'SPEC points 2, 3 and 7',
      'and SPEC\npoint 3',
      '(SPEC: TMS quote)',
      "the SPEC's plain array",
      'in ../shared/SPEC.md',
      '(ARCHITECTURE.md section 2)',
      '(STYLE.md, bulletproof-react)',
      'STACK-NOTES',
      '/work/shared/x',
    ]
    for (const text of outside) {
      assert.isNotEmpty(outsideCitations('x', text), text)
    }
    assert.deepEqual(outsideCitations('x', 'a\nb SPEC point 5'), [
      'x:2 cites a point of the specification: "SPEC point 5"',
    ])
    const inside = [
      'docs/spec.md §7',
      'docs/spec.md §§2, 3 and 7',
      'docs/architecture.md "Table ownership"',
      'docs/style.md',
      'the spec names no checks',
      'the spec defaults',
      'pricing.spec.ts',
      'SPEC_VERSION',
      '@standard-schema/spec',
    ]
    for (const text of inside) {
      assert.deepEqual(outsideCitations('x', text), [], text)
    }
  })
})
