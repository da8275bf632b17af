import { TermsOfService } from '@engage/screens'
import { useUsername } from '../useUsername'

export default function TermsPage() {
  return <TermsOfService username={useUsername()} />
}
