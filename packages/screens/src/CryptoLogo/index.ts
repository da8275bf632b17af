export { CryptoLogo, cryptoLogoSizes, type CryptoLogoProps } from './CryptoLogo'
