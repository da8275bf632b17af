import { createRoot } from 'react-dom/client'
import type { WidgetOptions } from './options'
import { adoptWidgetStyles } from './styles'
import { WidgetContent } from './WidgetContent'

/** A widget rendered into an element's shadow root. */
export interface MountedWidget {
  /** Renders again with changed attributes. */
  update(options: WidgetOptions): void
  /** Removes the widget (the element left the page). */
  unmount(): void
}

/** What the widget bundle exports to the loader. */
export interface WidgetBundle {
  mount(shadowRoot: ShadowRoot, options: WidgetOptions): MountedWidget
}

/** Renders the widget into a shadow root, with the widget's stylesheet adopted there. */
export function mount(shadowRoot: ShadowRoot, options: WidgetOptions): MountedWidget {
  adoptWidgetStyles(shadowRoot)
  const container = document.createElement('div')
  shadowRoot.append(container)
  const root = createRoot(container)
  const render = (next: WidgetOptions) => root.render(<WidgetContent options={next} host={shadowRoot.host} />)
  render(options)
  return {
    update: render,
    unmount: () => {
      root.unmount()
      container.remove()
    },
  }
}
