export { Banner, bannerTones, type BannerProps, type BannerTone } from './Banner'
