import { lazy, type ComponentType } from 'react'

/** A component loaded on demand, with a `preload` that the entries await before the first render. */
export type LazyComponent<Props> = ComponentType<Props> & { preload: () => Promise<void> }

/**
 * Like React.lazy, except that once `preload` has resolved the component renders synchronously. The entries
 * preload what the first render shows (the browser before hydrating or rendering, the server before its
 * render), so hydration never waits on a chunk and nested lazy routes load side by side. Later navigations
 * suspend as usual.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyComponent<Props> {
  let loaded: ComponentType<Props> | undefined
  const Lazy = lazy(load)
  function Component(props: Props) {
    const Loaded = loaded ?? Lazy
    return <Loaded {...props} />
  }
  Component.preload = () =>
    load().then((module) => {
      loaded = module.default
    })
  return Component
}

/** A page of the route table (routes.tsx). */
export type LazyPage = LazyComponent<object>

export const lazyPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazyComponent(load)
