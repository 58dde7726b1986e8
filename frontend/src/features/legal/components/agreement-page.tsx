import { AGREEMENT_TEXT_2025_01_15, AGREEMENT_VERSION } from '@/features/legal/agreement-text'
import { LegalPage, type LegalSection } from '@/features/legal/components/legal-page'

const HEADING = /^\d+\.\s/

/**
 * Splits the agreement text into its preamble and numbered sections. The text itself is the
 * single source of truth (it is what users accept and what the server hashes).
 */
export function parseAgreement(text: string): { intro: string[]; sections: LegalSection[] } {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
  const intro: string[] = []
  const sections: LegalSection[] = []
  // Title, version and date lines are rendered by the page header.
  for (const block of blocks.slice(2)) {
    if (HEADING.test(block) && !block.includes('\n')) {
      sections.push({ heading: block, paragraphs: [] })
    } else if (sections.length > 0) {
      sections[sections.length - 1].paragraphs.push(block)
    } else {
      intro.push(block)
    }
  }
  return { intro, sections }
}

export function AgreementPage() {
  const { intro, sections } = parseAgreement(AGREEMENT_TEXT_2025_01_15)
  return (
    <LegalPage
      title="User Agreement"
      intro={
        <>
          <p className="mb-3 text-sm text-slate-500">Version {AGREEMENT_VERSION}</p>
          {intro.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </>
      }
      sections={sections}
    />
  )
}
