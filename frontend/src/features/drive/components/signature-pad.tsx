import * as React from 'react'
import { Button } from '@/components/ui/button'

/**
 * The consignee signs on the phone's screen with a finger, a pen or a mouse (pointer events).
 * `onChange` gets the drawing as a PNG data URL after each stroke, or null once cleared.
 */
export function SignaturePad({
  onChange,
  label = 'Consignee signature',
  error,
}: {
  onChange: (dataUrl: string | null) => void
  label?: string
  error?: string
}) {
  const canvas = React.useRef<HTMLCanvasElement>(null)
  const drawing = React.useRef(false)
  const [signed, setSigned] = React.useState(false)

  // The drawing buffer follows the element's size and the screen's density, so lines are crisp.
  React.useEffect(() => {
    const element = canvas.current
    if (!element) return
    const ratio = window.devicePixelRatio || 1
    const { width, height } = element.getBoundingClientRect()
    element.width = Math.round(width * ratio)
    element.height = Math.round(height * ratio)
    const context = element.getContext('2d')
    if (!context) return
    context.scale(ratio, ratio)
    context.lineWidth = 2.5
    context.lineCap = 'round'
    context.lineJoin = 'round'
    context.strokeStyle = '#0f172a'
  }, [])

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    return { x: event.clientX - box.left, y: event.clientY - box.top }
  }

  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d')
    if (!context) return
    event.currentTarget.setPointerCapture(event.pointerId)
    drawing.current = true
    const { x, y } = point(event)
    context.beginPath()
    context.moveTo(x, y)
    context.lineTo(x + 0.1, y + 0.1)
    context.stroke()
  }

  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return
    const context = event.currentTarget.getContext('2d')
    if (!context) return
    const { x, y } = point(event)
    context.lineTo(x, y)
    context.stroke()
  }

  const end = () => {
    if (!drawing.current || !canvas.current) return
    drawing.current = false
    setSigned(true)
    onChange(canvas.current.toDataURL('image/png'))
  }

  const clear = () => {
    const element = canvas.current
    const context = element?.getContext('2d')
    if (!element || !context) return
    context.save()
    context.setTransform(1, 0, 0, 1, 0, 0)
    context.clearRect(0, 0, element.width, element.height)
    context.restore()
    setSigned(false)
    onChange(null)
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <span id="signature-label" className="text-sm font-medium text-slate-900">
          {label}
        </span>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={!signed}>
          Clear
        </Button>
      </div>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby="signature-label"
        aria-describedby={error ? 'signature-error' : 'signature-hint'}
        data-testid="signature-pad"
        className={`h-40 w-full touch-none rounded-md border-2 bg-white ${
          error ? 'border-red-500' : 'border-dashed border-slate-400'
        }`}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
      {error ? (
        <p id="signature-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id="signature-hint" className="text-xs text-slate-600">
          {signed ? 'Signed. Clear to sign again.' : 'Sign inside the box with a finger.'}
        </p>
      )}
    </div>
  )
}
