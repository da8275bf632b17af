import { Affiliates } from '@engage/screens'

/** /affiliates: the customer's referral link, its visits and sign-ups, and the commissions it earned. */
export default function AffiliatesPage() {
  return <Affiliates />
}
