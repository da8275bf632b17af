/** The semantic tones of statuses, banners, badges and toasts (each has a background, text and border colour). */
export const statusTones = ['success', 'warning', 'info', 'critical', 'neutral'] as const
export type StatusTone = (typeof statusTones)[number]
