import { expect, userEvent, waitFor, type within } from 'storybook/test'

type Scope = ReturnType<typeof within>

/** Picks an option of a ui Select (a native select) by its label, once the select is enabled. */
export async function choose(scope: Scope, label: string | RegExp, option: string): Promise<void> {
  // A lazily loaded tab may still be fetching the form's code.
  const select = await scope.findByRole('combobox', { name: label })
  // An order form's options arrive with the service list.
  await waitFor(() => expect(select).toBeEnabled())
  await userEvent.selectOptions(select, option)
  await expect(select).toHaveDisplayValue(option)
}

/** Picks an action type in the order forms' Action Type select, once the service list has arrived. */
export async function chooseActionType(scope: Scope, name: string): Promise<void> {
  await choose(scope, /Action Type/, name)
}

/** The labels of a select's options in order, without its placeholder. */
export function optionLabels(select: HTMLElement): string[] {
  return [...(select as HTMLSelectElement).options]
    .filter((option) => option.value !== '')
    .map((option) => option.text)
}
