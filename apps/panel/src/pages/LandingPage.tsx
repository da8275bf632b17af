import { Landing } from '@engage/screens'
import { usePrerenderedServices } from '../ApiClient'
import { useUsername } from '../useUsername'

export default function LandingPage() {
  return <Landing username={useUsername()} services={usePrerenderedServices()} />
}
