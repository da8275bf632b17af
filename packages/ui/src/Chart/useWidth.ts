import { useEffect, useRef, useState } from 'react'

/** The width of an element, followed as it resizes (`fallback` until it has been measured). */
export function useWidth<Element extends HTMLElement>(fallback: number) {
  const ref = useRef<Element>(null)
  const [width, setWidth] = useState(fallback)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0)
      if (measured > 0) setWidth(measured)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}
