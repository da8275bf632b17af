// The published package's types are written by hand (types/): this file, type-checked with the package
// (`tsc -p .`), fails when they and the sources part ways.
import type * as Element from '../types/element'
import type * as Published from '../types/index'
import type * as Events from '../src/events'
import type * as Source from '../src/index'
import type { WidgetAttribute } from '../src/options'

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

export const publishedTypesMatchTheSources: [
  Same<Published.OrderWidgetProps, Source.OrderWidgetProps>,
  Same<Parameters<typeof Published.OrderWidget>, Parameters<typeof Source.OrderWidget>>,
  Same<Published.WidgetOrder, Source.WidgetOrder>,
  Same<Published.WidgetTheme, Source.WidgetTheme>,
  Same<Published.WidgetAttribute, Source.WidgetAttribute>,
  Same<
    Element.EngageOrderWidgetAttributes,
    { [Name in WidgetAttribute]?: Name extends 'theme' ? Source.WidgetTheme : string }
  >,
  Same<Element.WidgetOrderDetail, Events.WidgetOrderDetail>,
  Same<Element.WidgetReadyDetail, Events.WidgetReadyDetail>,
  Same<Element.WidgetErrorDetail, Events.WidgetErrorDetail>,
  Same<typeof Published.WIDGET_EVENTS, typeof Source.WIDGET_EVENTS>,
  Same<
    keyof Element.EngageOrderWidgetEventMap,
    (typeof Source.WIDGET_EVENTS)[keyof typeof Source.WIDGET_EVENTS]
  >,
  Same<typeof Published.WIDGET_ELEMENT_NAME, typeof Source.WIDGET_ELEMENT_NAME>,
  Same<typeof Published.widgetAttributes, typeof Source.widgetAttributes>,
  Same<typeof Published.widgetThemes, typeof Source.widgetThemes>,
  Same<typeof Published.dashboardLink, typeof Source.dashboardLink>,
  Same<typeof Published.WIDGET_DEFAULT_THEME, typeof Source.WIDGET_DEFAULT_THEME>,
  Same<typeof Published.WIDGET_ORDER_LABEL, typeof Source.WIDGET_ORDER_LABEL>,
  Same<typeof Published.WIDGET_PANEL_LINK, typeof Source.WIDGET_PANEL_LINK>,
  Same<typeof Published.WIDGET_TRY_AGAIN, typeof Source.WIDGET_TRY_AGAIN>,
  Same<typeof Published.WIDGET_UNAVAILABLE, typeof Source.WIDGET_UNAVAILABLE>,
  // Nothing exported on one side only.
  Same<keyof typeof Published, keyof typeof Source>,
] = [
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
]
