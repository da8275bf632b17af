import { PrivacyPolicy } from '@engage/screens'
import { PageContacts } from '../PageContacts'
import { useUsername } from '../useUsername'

export default function PrivacyPage() {
  return (
    <PageContacts>
      <PrivacyPolicy username={useUsername()} />
    </PageContacts>
  )
}
