import { Security } from '@engage/screens'
import { PageContacts } from '../PageContacts'
import { useUsername } from '../useUsername'

export default function SecurityPage() {
  return (
    <PageContacts>
      <Security username={useUsername()} />
    </PageContacts>
  )
}
