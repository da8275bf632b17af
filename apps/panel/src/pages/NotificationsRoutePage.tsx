import { NotificationsPage } from '@engage/screens'

/** /notifications: the list the top bar's bell opens. */
export default function NotificationsRoutePage() {
  return <NotificationsPage />
}
