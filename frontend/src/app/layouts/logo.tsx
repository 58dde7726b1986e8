import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'

export function Logo() {
  return (
    <Link
      to={paths.home.getHref()}
      className="flex items-center gap-2 font-bold text-slate-900"
      aria-label="PalletLine home"
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="6" className="fill-brand-500" />
        <path d="M7 20h18v3H7zm2-9h6v7H9zm8 0h6v7h-6z" fill="#fff" />
      </svg>
      <span className="text-lg tracking-tight">
        Pallet<span className="text-brand-700">Line</span>
      </span>
    </Link>
  )
}
