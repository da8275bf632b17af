import { useParams } from 'react-router'
import { InvitationPage } from '@engage/screens'

/** /invitation/{token}: the link of a workspace invitation mail. */
export default function InvitationRoutePage() {
  return <InvitationPage token={useParams().token ?? ''} />
}
