import { lazy, useEffect, useState, type ComponentType } from 'react'

/**
 * A part of a screen whose code loads on demand, with `preload` to fetch it before it is first shown and
 * `isLoaded` to tell whether it renders at once.
 */
export type LazyPart<Props> = ComponentType<Props> & {
  preload: () => Promise<void>
  isLoaded: () => boolean
}

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
  Part.isLoaded = () => loaded !== undefined
  return Part
}

/**
 * False until the page is idle after its first render (whenIdle), then true; true from the start when `already`
 * says the wait is needless (the code it waits for has arrived).
 */
export function useIdle(already = false): boolean {
  const [idle, setIdle] = useState(already)
  useEffect(() => (idle ? undefined : whenIdle(() => setIdle(true))), [idle])
  return idle
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
