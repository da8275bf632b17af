import { WorkspaceSwitcher } from '@engage/screens'

/** The top bar's workspace switcher, a chunk of its own: the first page's download does not carry it. */
export default function WorkspaceSwitcherSlot() {
  return <WorkspaceSwitcher />
}
