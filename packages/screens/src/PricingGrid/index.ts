export * from './PricingGrid'
