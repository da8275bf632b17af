import { vars } from './vars.css'

/**
 * A visible cue that a region scrolls sideways: a shade at each edge that still has content beyond it. Two
 * covers in the surface colour scroll with the content ("local") and hide each shade once its end is reached;
 * the shades themselves stay at the edges ("scroll"). For a region drawn on `vars.color.surface`.
 */
export const scrollCueBackground = {
  background: [
    `linear-gradient(to right, ${vars.color.surface} 30%, transparent) left center / 2.5rem 100% no-repeat local`,
    `linear-gradient(to left, ${vars.color.surface} 30%, transparent) right center / 2.5rem 100% no-repeat local`,
    `radial-gradient(farthest-side at 0 50%, ${vars.color.borderStrong}, transparent) left center / 0.875rem 100% no-repeat scroll`,
    `radial-gradient(farthest-side at 100% 50%, ${vars.color.borderStrong}, transparent) right center / 0.875rem 100% no-repeat scroll`,
    vars.color.surface,
  ].join(', '),
} as const
