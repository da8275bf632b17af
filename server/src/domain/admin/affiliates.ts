import type { AdminAffiliateSettings } from '@engage/contract'
import type { Db } from '../../db/connect'
import { affiliateSettings, type AffiliateSettings, saveAffiliateSettings } from '../affiliates'
import { recordAudit } from './audit'
import { type Actor, isoOrNull } from './common'

// The console's affiliate settings: the commission rate and the hold, changed with an audit entry in the same
// transaction. A change applies to orders that end afterwards; commissions already recorded keep their rate.

const TARGET = 'affiliate_settings:1'

function toAdminSettings(settings: AffiliateSettings): AdminAffiliateSettings {
  return {
    rate_basis_points: settings.rateBasisPoints,
    hold_days: settings.holdDays,
    // The migration's defaults were never set by anyone.
    updated_at: isoOrNull(settings.updatedAt === 0 ? null : settings.updatedAt),
  }
}

export async function adminAffiliateSettings(db: Db): Promise<AdminAffiliateSettings> {
  return toAdminSettings(await affiliateSettings(db))
}

export async function updateAffiliateSettings(
  db: Db,
  actor: Actor,
  input: { rate_basis_points: number; hold_days: number; reason: string | null },
  now: number,
): Promise<AdminAffiliateSettings> {
  return db.transaction().execute(async (trx) => {
    const before = toAdminSettings(await affiliateSettings(trx))
    const after = toAdminSettings(
      await saveAffiliateSettings(
        trx,
        { rateBasisPoints: input.rate_basis_points, holdDays: input.hold_days },
        now,
      ),
    )
    await recordAudit(trx, {
      actor,
      action: 'affiliates.settings',
      target: TARGET,
      before,
      after,
      reason: input.reason,
      now,
    })
    return after
  })
}
