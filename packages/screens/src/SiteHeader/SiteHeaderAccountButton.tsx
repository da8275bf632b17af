import { Button, Icon } from '@engage/ui'

/** The menu's trigger; also shown on its own while the menu's code loads. */
export function SiteHeaderAccountButton({ username, onPress }: { username: string; onPress?: () => void }) {
  return (
    <Button tone="ghost" onPress={onPress}>
      <Icon name="user" size="small" />
      {username}
      <Icon name="chevronDown" size="small" />
    </Button>
  )
}
