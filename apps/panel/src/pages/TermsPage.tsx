import { TermsOfService } from '@engage/screens'
import { PageContacts } from '../PageContacts'
import { useUsername } from '../useUsername'

export default function TermsPage() {
  return (
    <PageContacts>
      <TermsOfService username={useUsername()} />
    </PageContacts>
  )
}
