import { useCallback, useState } from 'react'
import { createPortal } from 'react-dom'
import { WIDGET_DEFAULT_THEME, type WidgetOrder, type WidgetTheme } from './options'
import { adoptWidgetStyles } from './styles'
import { WidgetContent } from './WidgetContent'

export interface OrderWidgetProps {
  /** Origin (and optional path prefix) of the Engage Panel API. @default '' (the page's own origin) */
  apiBase?: string
  /** Origin of the Engage Panel the Order button opens. @default apiBase */
  panelUrl?: string
  /** Service name to preselect, e.g. 'likes'. */
  service?: string
  /** Colour theme. @default 'dark' */
  theme?: WidgetTheme
  /**
   * What the Order button does with the panel link. @default opens it in this tab. The host element also
   * dispatches engage:ready, engage:order and engage:error, as the custom element does.
   */
  onOrder?: (link: string, order: WidgetOrder) => void
  /** Class of the host element (its size and place on the page are the page's to style). */
  className?: string
}

/**
 * The order widget as a React component, for React partner sites: the same widget as the
 * `<engage-order-widget>` element, rendered into a shadow root of its own so that the page's styles and the
 * widget's stay apart.
 */
export function OrderWidget({
  apiBase = '',
  panelUrl,
  service,
  theme = WIDGET_DEFAULT_THEME,
  onOrder,
  className,
}: OrderWidgetProps) {
  const [shadowRoot, setShadowRoot] = useState<ShadowRoot | null>(null)
  const attach = useCallback((host: HTMLDivElement | null) => {
    if (!host) return
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
    adoptWidgetStyles(root)
    setShadowRoot(root)
  }, [])
  const options = { apiBase, panelUrl: panelUrl ?? apiBase, service, theme }
  return (
    <div ref={attach} className={className}>
      {shadowRoot
        ? createPortal(
            <WidgetContent options={options} host={shadowRoot.host} {...(onOrder ? { onOrder } : {})} />,
            shadowRoot,
          )
        : null}
    </div>
  )
}
