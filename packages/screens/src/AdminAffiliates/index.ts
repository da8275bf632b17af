export { AdminAffiliates, AFFILIATE_SETTINGS_SAVED, rateText } from './AdminAffiliates'
