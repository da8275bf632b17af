// Display names for the coins a customer is likely to pick. Gateways that send a name (NOWPayments) win;
// Cryptomus and Heleket send only codes, and an unknown code is shown as itself.
const currencyNames = new Map([
  ['BTC', 'Bitcoin'],
  ['ETH', 'Ethereum'],
  ['USDT', 'Tether'],
  ['USDC', 'USD Coin'],
  ['BNB', 'BNB'],
  ['DOGE', 'Dogecoin'],
  ['ADA', 'Cardano'],
  ['SOL', 'Solana'],
  ['XRP', 'XRP'],
  ['DOT', 'Polkadot'],
  ['LTC', 'Litecoin'],
  ['TRX', 'TRON'],
  ['TON', 'Toncoin'],
  ['DAI', 'Dai'],
  ['BCH', 'Bitcoin Cash'],
  ['XMR', 'Monero'],
  ['SHIB', 'Shiba Inu'],
  ['AVAX', 'Avalanche'],
  ['POL', 'Polygon'],
  ['MATIC', 'Polygon'],
  ['DASH', 'Dash'],
])

export function currencyDisplayName(currency: string): string {
  return currencyNames.get(currency.toUpperCase()) ?? currency.toUpperCase()
}
