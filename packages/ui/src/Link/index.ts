export { Link, linkVariants, type LinkProps } from './Link'
export { keepAbsoluteAddresses } from './routerHref'
