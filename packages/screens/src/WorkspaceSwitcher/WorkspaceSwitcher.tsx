import { useSwitchWorkspace, useWorkspaces } from '@engage/client'
import { Select } from '@engage/ui'

export const WORKSPACE_LABEL = 'Workspace'

/**
 * The top bar's workspace switcher: shown once the person belongs to more than one workspace. Switching makes
 * the session act in the chosen workspace, and everything on screen loads again from it.
 */
export function WorkspaceSwitcher() {
  const workspaces = useWorkspaces()
  const switchTo = useSwitchWorkspace()
  const list = workspaces.data ?? []
  if (list.length < 2) return null
  const active = list.find((workspace) => workspace.active)
  return (
    <Select
      label={WORKSPACE_LABEL}
      items={list.map((workspace) => ({ id: workspace.id, label: workspace.name }))}
      // The chosen one at once, while the switch is on its way.
      value={switchTo.isPending ? switchTo.variables : (active?.id ?? null)}
      isDisabled={switchTo.isPending}
      onChange={(id) => switchTo.mutate(String(id))}
    />
  )
}
