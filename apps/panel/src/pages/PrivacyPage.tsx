import { PrivacyPolicy } from '@engage/screens'
import { useUsername } from '../useUsername'

export default function PrivacyPage() {
  return <PrivacyPolicy username={useUsername()} />
}
