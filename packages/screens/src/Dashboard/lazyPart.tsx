import { lazy, useState, type ComponentType } from 'react'

/** A part of a screen whose code loads on demand, with `preload` to fetch it before it is first shown. */
export type LazyPart<Props> = ComponentType<Props> & { preload: () => Promise<void> }

/**
 * Like React.lazy, except that a part whose code has already arrived (preloaded) renders at once, without a
 * Suspense fallback. Render it inside Suspense: the first use before its code arrives suspends. A failed load
 * is tried again by the next preload or render; a render that fails to load reaches the error boundary.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPart<Props> {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<ComponentType<Props>> | undefined
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  const Lazy = lazy(() => start().then((component) => ({ default: component })))

  function Part(props: Props) {
    // Fixed for the life of this element: switching from Lazy to the loaded component would remount it.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy)
    return <Component {...props} />
  }
  Part.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    )
  return Part
}

/**
 * Runs a task once the page is idle (its first data shown, nothing urgent left), so that fetching code for
 * later does not compete with what the page shows first. Returns a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, 500)
  return () => clearTimeout(handle)
}
