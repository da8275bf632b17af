export { MAIN_CONTENT_ID, PublicLayout, PublicPage, PublicPageSection } from './PublicLayout'
export type { PublicLayoutProps, PublicPageProps, PublicPageSectionProps } from './PublicLayout'
