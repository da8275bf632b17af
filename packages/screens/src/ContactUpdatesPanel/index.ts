export {
  ContactUpdatesPanel,
  contactUpdatesTabs,
  NO_UPDATES,
  type ContactUpdatesPanelProps,
  type ContactUpdatesTab,
} from './ContactUpdatesPanel'
