import { useSearchParams } from 'react-router'
import { Settings, settingsTabs, type SettingsTab } from '@engage/screens'

function isSettingsTab(value: string | null): value is SettingsTab {
  return (settingsTabs as readonly (string | null)[]).includes(value)
}

/** /settings; ?tab=ai opens the AI Settings tab (the order flow's link to create AI configurations). */
export default function SettingsPage() {
  const [searchParams] = useSearchParams()
  const tab = searchParams.get('tab')
  return <Settings defaultTab={isSettingsTab(tab) ? tab : undefined} />
}
