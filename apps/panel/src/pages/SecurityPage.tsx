import { Security } from '@engage/screens'
import { useUsername } from '../useUsername'

export default function SecurityPage() {
  return <Security username={useUsername()} />
}
