import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

/** The recovery codes, shown once: copy them, download them as a text file, then done. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = React.useState(false)
  const text = `PalletLine recovery codes (each signs in once)\n\n${codes.join('\n')}\n`

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'palletline-recovery-codes.txt'
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <section aria-label="Recovery codes" className="space-y-4">
      <Alert variant="info" title="Save your recovery codes">
        If you lose your phone, each of these codes signs you in once instead of a code from the
        app. They are shown only now: keep them somewhere safe.
      </Alert>
      <ol className="grid grid-cols-1 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="text-slate-900">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          I saved my codes
        </Button>
      </div>
    </section>
  )
}
