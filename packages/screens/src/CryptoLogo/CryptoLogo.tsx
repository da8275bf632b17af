import type { StatusTone } from '@engage/ui'
import { glyph, logo, logoSizes, logoTones } from './CryptoLogo.css'

export const cryptoLogoSizes = ['small', 'medium'] as const

// Each coin's well-known symbol, on a theme tone (the themes' tone pairs keep the glyph readable in both). The
// bitcoin sign (U+20BF) is missing from common system fonts, so Bitcoin shows its letter.
const coinMarks: Record<string, { symbol: string; tone: StatusTone }> = {
  BTC: { symbol: 'B', tone: 'warning' },
  ETH: { symbol: 'Ξ', tone: 'info' },
  USDT: { symbol: '₮', tone: 'success' },
  USDC: { symbol: '$', tone: 'info' },
  BNB: { symbol: 'BNB', tone: 'warning' },
  DOGE: { symbol: 'Ð', tone: 'warning' },
  ADA: { symbol: '₳', tone: 'info' },
  SOL: { symbol: 'S', tone: 'neutral' },
  XRP: { symbol: 'X', tone: 'neutral' },
  DOT: { symbol: '●', tone: 'critical' },
  LTC: { symbol: 'Ł', tone: 'neutral' },
  TRX: { symbol: 'T', tone: 'critical' },
}

export interface CryptoLogoProps {
  /** The currency code ('BTC'); any case. */
  currency: string
  /**
   * The currency's name ('Bitcoin') when the logo stands alone and must be announced; without it the logo is
   * decorative (hidden from assistive technology), for use beside text that already names the currency.
   */
  label?: string
  /** @default 'medium' */
  size?: (typeof cryptoLogoSizes)[number]
}

/** A small round mark for a crypto currency: its symbol, or the code's first letter for others. */
export function CryptoLogo({ currency, label, size = 'medium' }: CryptoLogoProps) {
  const code = currency.trim().toUpperCase()
  const mark = coinMarks[code] ?? { symbol: code.charAt(0) || '?', tone: 'neutral' }
  const accessibility =
    label === undefined ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': label }
  return (
    <svg
      viewBox="0 0 32 32"
      focusable="false"
      className={[logo, logoSizes[size], logoTones[mark.tone]].join(' ')}
      data-currency={code}
      {...accessibility}
    >
      <text
        x="16"
        y="16"
        dy="0.35em"
        textAnchor="middle"
        fontSize={mark.symbol.length > 1 ? 10 : 16}
        className={glyph}
      >
        {mark.symbol}
      </text>
    </svg>
  )
}
