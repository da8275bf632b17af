import { Landing } from '@engage/screens'
import { usePrerenderedServices } from '../ApiClient'
import { PageContacts } from '../PageContacts'
import { useUsername } from '../useUsername'

export default function LandingPage() {
  return (
    <PageContacts>
      <Landing username={useUsername()} services={usePrerenderedServices()} />
    </PageContacts>
  )
}
