import { About } from '@engage/screens'
import { PageContacts } from '../PageContacts'
import { useUsername } from '../useUsername'

export default function AboutPage() {
  return (
    <PageContacts>
      <About username={useUsername()} />
    </PageContacts>
  )
}
