// How a target link is shown where there is little room (the orders tables). Apart from the catalogue's helpers,
// which only the catalogue and the order history load.

/** A link shortened for a table cell: scheme dropped, the middle elided past `max` characters. */
export function shortenLink(url: string, max = 32): string {
  const bare = url.replace(/^https?:\/\/(www\.)?/i, '')
  if (bare.length <= max) return bare
  const head = Math.ceil((max - 1) * 0.6)
  const tail = max - 1 - head
  return `${bare.slice(0, head)}…${bare.slice(bare.length - tail)}`
}
