import { About } from '@engage/screens'
import { useUsername } from '../useUsername'

export default function AboutPage() {
  return <About username={useUsername()} />
}
