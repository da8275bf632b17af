export { Icon, iconNames, iconSizes, type IconName, type IconProps } from './Icon'
