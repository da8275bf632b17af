export * from './PrivacyPolicy'
