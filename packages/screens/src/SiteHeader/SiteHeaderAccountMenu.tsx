import { Icon } from '@engage/ui'
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { menuItem, menuPopover } from './SiteHeader.css'
import { SiteHeaderAccountButton } from './SiteHeaderAccountButton'

export interface SiteHeaderAccountMenuProps {
  username: string
  /** Open the menu as soon as it appears (the visitor pressed the button while the menu was loading). */
  defaultOpen?: boolean
}

/** The username menu of the public header: Dashboard, Settings, Logout. */
export default function SiteHeaderAccountMenu({ username, defaultOpen = false }: SiteHeaderAccountMenuProps) {
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <SiteHeaderAccountButton username={username} />
      <Popover placement="bottom end" className={menuPopover}>
        <Menu aria-label="Account">
          <MenuItem href="/dashboard" className={menuItem}>
            Dashboard
          </MenuItem>
          <MenuItem href="/settings" className={menuItem}>
            Settings
          </MenuItem>
          <MenuItem href="/logout" textValue="Logout" className={menuItem}>
            <Icon name="logout" size="small" />
            Logout
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
