import { expect, userEvent, waitFor, within } from 'storybook/test'

type Scope = ReturnType<typeof within>

/** Picks an action type in the order forms' Action Type select, once the service list has arrived. */
export async function chooseActionType(scope: Scope, name: string): Promise<void> {
  const page = within(document.body)
  const trigger = scope.getByRole('button', { name: /Action Type/ })
  // The options arrive with the service list.
  await waitFor(() => expect(trigger).toBeEnabled())
  await userEvent.click(trigger)
  await userEvent.click(await page.findByRole('option', { name }))
  await waitFor(() => expect(page.queryByRole('listbox')).not.toBeInTheDocument())
}
