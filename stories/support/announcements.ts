// React Aria announces a pending button through a page-wide live region for 7 s, by the button's id. When the
// button is gone within that time (a previous story, a closed dialog, a replaced step), the announcement points
// at nothing: screen readers have already read it, but the a11y check after the story would report it.

/** Empties the live regions: a story's `beforeEach`, so a previous story's announcement never counts here. */
export function clearLiveAnnouncements(): void {
  for (const log of document.querySelectorAll('[data-live-announcer] [role="log"]')) log.replaceChildren()
}

/** Removes the announcements whose button is gone: the end of a story that removes a pending button. */
export async function removeStaleAnnouncements(): Promise<void> {
  // The first announcement of a page is written 100 ms late (react-aria waits for its region to attach).
  await new Promise((resolve) => setTimeout(resolve, 150))
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const labelIds = (node.getAttribute('aria-labelledby') ?? '').split(' ')
    if (labelIds.some((id) => document.getElementById(id) === null)) node.remove()
  }
}
